import content from 'virtual:lockstep/content';
import { fillTemplate } from '@/content/fill-template';

const NOTICES = content.notices.link;

/** The part of the walkthrough a link carries: `?step=N&fencing=on|off`, with N counted from 1. */
export interface UrlState {
  readonly cursor: number;
  readonly fencing: boolean;
}

/**
 * Reads the walkthrough state from a query string. Anything unusable falls back to a valid value,
 * and each fallback is explained in `notices` so the learner knows why the page opened where it did.
 */
export function parseUrlState(
  search: string,
  stepCount: (fencing: boolean) => number,
): UrlState & { notices: string[] } {
  const params = new URLSearchParams(search);
  const notices: string[] = [];

  let fencing = true;
  const fencingParam = params.get('fencing');
  if (fencingParam === 'off') fencing = false;
  else if (fencingParam !== null && fencingParam !== 'on') {
    notices.push(fillTemplate(NOTICES.fencingUnknown, { value: fencingParam }));
  }

  let cursor = 0;
  const stepParam = params.get('step');
  const count = stepCount(fencing);
  if (stepParam !== null) {
    const step = /^\s*-?\d+\s*$/.test(stepParam) ? Number.parseInt(stepParam, 10) : Number.NaN;
    if (Number.isNaN(step)) {
      notices.push(fillTemplate(NOTICES.stepNotANumber, { value: stepParam }));
    } else if (step < 1) {
      notices.push(fillTemplate(NOTICES.stepBelowOne, { step: String(step) }));
    } else if (step > count) {
      notices.push(fillTemplate(NOTICES.stepBeyondEnd, { step: String(step), count: String(count) }));
      cursor = count - 1;
    } else {
      cursor = step - 1;
    }
  }
  return { cursor, fencing, notices };
}

/** Writes the walkthrough state into a query string, keeping any other parameters the page was given. */
export function serializeUrlState(state: UrlState, search = ''): string {
  const params = new URLSearchParams(search);
  params.set('step', String(state.cursor + 1));
  params.set('fencing', state.fencing ? 'on' : 'off');
  return `?${params.toString()}`;
}
