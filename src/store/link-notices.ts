import content from 'virtual:lockstep/content';
import { echo } from '@/content/echo';
import { fillTemplate } from '@/content/fill-template';
import { EMBED_HEIGHT_RANGE, type LinkProblem } from '@/route/route';

const NOTICES = content.notices.link;

/** What the learner reads when a link could not be followed as given (content/ui/notices.json, `link`). */
export function linkNotice(problem: LinkProblem): string {
  switch (problem.kind) {
    case 'fencingUnknown':
      return fillTemplate(NOTICES.fencingUnknown, { value: echo(problem.value) });
    case 'stepNotANumber':
      return fillTemplate(NOTICES.stepNotANumber, { value: echo(problem.value) });
    case 'stepBelowOne':
      return fillTemplate(NOTICES.stepBelowOne, { step: echo(problem.step) });
    case 'stepBeyondEnd':
      return fillTemplate(NOTICES.stepBeyondEnd, { step: echo(problem.step), count: String(problem.count) });
    case 'embedOptionUnknown': {
      const { expected, used } = NOTICES.embedOptions[problem.name];
      return fillTemplate(NOTICES.embedOptionUnknown, {
        name: problem.name,
        value: echo(problem.value),
        expected: fillTemplate(expected, {
          min: String(EMBED_HEIGHT_RANGE.min),
          max: String(EMBED_HEIGHT_RANGE.max),
        }),
        used,
      });
    }
  }
}
