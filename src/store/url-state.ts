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
    notices.push(
      `The link asked for fencing "${fencingParam}", which is neither on nor off, so fencing tokens are on.`,
    );
  }

  let cursor = 0;
  const stepParam = params.get('step');
  const count = stepCount(fencing);
  if (stepParam !== null) {
    const step = /^\s*-?\d+\s*$/.test(stepParam) ? Number.parseInt(stepParam, 10) : Number.NaN;
    if (Number.isNaN(step)) {
      notices.push(
        `The link asked for step "${stepParam}", which is not a number, so the walkthrough starts at step 1.`,
      );
    } else if (step < 1) {
      notices.push(`The link asked for step ${step}; steps start at 1, so the walkthrough opens at step 1.`);
    } else if (step > count) {
      notices.push(
        `The link asked for step ${step}, but this walkthrough has ${count} steps, so it opens at the last one.`,
      );
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
