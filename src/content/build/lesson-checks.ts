import { parseRoute } from '../../route/route.ts';
import { type RenderedMarkdown } from './markdown.ts';
import { type LabFieldsContent } from './schemas/lab-fields.ts';
import { fieldProblemMessage } from '../field-problem-message.ts';

/* The lesson's own checks, run as content loads: every claim cited, every internal link going somewhere real. */

/** Sections that list sources or hold the practice questions carry no claims of their own. */
const UNCITED_WIDGETS = ['sources', 'quiz', 'interview'];

/**
 * Every citation names a card in content/sources.json, and every heading with prose under it cites at least
 * one, so each claim of the lesson can be traced to where it comes from.
 */
export function citationProblems(
  file: string,
  rendered: RenderedMarkdown,
  cards: ReadonlyMap<string, unknown>,
): string[] {
  const problems = rendered.citations
    .filter((citation) => !cards.has(citation.id))
    .map((citation) => `${file}: [@${citation.id}] names no card in content/sources.json`);
  const exempt = rendered.segments.some(
    (segment) => segment.kind === 'widget' && UNCITED_WIDGETS.includes(segment.widget),
  );
  if (exempt) return problems;
  rendered.headings.forEach((heading, index) => {
    const cited = rendered.citations.some((citation) => citation.under === index);
    if ((rendered.proseUnder[index] ?? 0) > 0 && !cited) {
      problems.push(`${file}: "${heading.text}" cites no source; add [@source-id] after the claim it supports`);
    }
  });
  return problems;
}

/** An internal link must name an anchor on the page, or a walkthrough step that exists. External links pass. */
export function checkInternalLink(
  href: string,
  anchors: ReadonlySet<string>,
  stepCount: (fencing: boolean) => number,
  labFields: LabFieldsContent | null,
) {
  if (/^(https?:|mailto:)/.test(href)) return null;
  const [query = '', hash] = href.split('#');
  if (hash !== undefined && hash !== '' && !anchors.has(hash)) return `no heading or section has the id "${hash}"`;
  if (query.startsWith('?')) {
    // The same parse the page applies when the link is followed.
    const { route, linkProblems, labProblems } = parseRoute({ pathname: '/', search: query }, stepCount);
    if (labProblems.length > 0)
      return labProblems
        .map((problem) => (labFields ? fieldProblemMessage(problem, labFields) : problem.kind))
        .join(' ');
    if (linkProblems.some((problem) => problem.kind === 'fencingUnknown')) return 'fencing must be on or off';
    if (linkProblems.length > 0 && 'place' in route)
      return `the walkthrough has steps 1 to ${stepCount(route.place?.fencing ?? true)}`;
  } else if (query !== '') {
    return 'internal links must start with "#", "?step=" or "?lab"';
  }
  return null;
}
