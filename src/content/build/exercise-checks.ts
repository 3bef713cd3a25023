import { renderMarkdown, type CitableSource, type Heading } from './markdown.ts';
import type { ExerciseContent } from './schemas/exercise.ts';

/**
 * The fence exercise's feedback on each mistake, rendered to HTML: Markdown that must cite at least one card, each
 * a known one. Cards are checked only once sources.json has loaded: a broken one is reported on its own.
 */
export function exerciseMistakesHtml(
  exercise: ExerciseContent | null,
  citable: ReadonlyMap<string, CitableSource>,
  sourcesLoaded: boolean,
  problems: string[],
): ExerciseContent['mistakes'] {
  return Object.fromEntries(
    Object.entries(exercise?.mistakes ?? {}).map(([mistake, markdown]) => {
      const rendered = renderMarkdown(markdown, { sources: citable });
      const field = `content/postgres/exercise.json: mistakes.${mistake}`;
      if (rendered.citations.length === 0) problems.push(`${field} cites no source; add [@source-id]`);
      for (const { id } of rendered.citations)
        if (sourcesLoaded && !citable.has(id))
          problems.push(`${field}: [@${id}] names no card in content/sources.json`);
      return [mistake, rendered.segments.map((segment) => ('html' in segment ? segment.html : '')).join('')];
    }),
  ) as ExerciseContent['mistakes'];
}

/** The lab and the presenter link to the exercise by its heading: the lesson must have it, under its title. */
export function exerciseHeadingProblems(
  exercise: ExerciseContent | null,
  headings: readonly { readonly heading: Heading }[],
): string[] {
  if (!exercise) return [];
  const heading = headings.find((each) => each.heading.id === exercise.id)?.heading;
  return heading?.text === exercise.title
    ? []
    : [
        `content/postgres/exercise.json: id "${exercise.id}" must be a lesson heading {#${exercise.id}} titled "${exercise.title}"`,
      ];
}
