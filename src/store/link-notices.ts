import content from 'virtual:lockstep/content';
import { fillTemplate } from '@/content/fill-template';
import type { LinkProblem } from '@/route/route';

const NOTICES = content.notices.link;

/** What the learner reads when a link could not be followed as given (content/ui/notices.json, `link`). */
export function linkNotice(problem: LinkProblem): string {
  switch (problem.kind) {
    case 'fencingUnknown':
      return fillTemplate(NOTICES.fencingUnknown, { value: problem.value });
    case 'stepNotANumber':
      return fillTemplate(NOTICES.stepNotANumber, { value: problem.value });
    case 'stepBelowOne':
      return fillTemplate(NOTICES.stepBelowOne, { step: String(problem.step) });
    case 'stepBeyondEnd':
      return fillTemplate(NOTICES.stepBeyondEnd, { step: String(problem.step), count: String(problem.count) });
  }
}
