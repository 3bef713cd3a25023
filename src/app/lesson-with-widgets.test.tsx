import lesson from 'virtual:lockstep/lesson';
import practice from 'virtual:lockstep/practice';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWalkthrough } from '@/testing/render-walkthrough';
import LessonWithWidgets from './lesson-with-widgets';

/*
 * The lesson after its opening, rendered fresh (no prerendered markup to hydrate): each slot's feature loads at once
 * and takes its place. jsdom has no Web Workers, so the map says it cannot run here.
 */
const presets = lesson.sections.flatMap((section) =>
  section.segments.flatMap((segment) =>
    segment.kind === 'widget' && segment.widget.startsWith('run-') ? [segment.widget] : [],
  ),
);
/** Rendered in an awaited act, as app.test.tsx does: a part that suspends is retried once its code has come. */
async function renderLesson() {
  let view: ReturnType<typeof renderWalkthrough> | undefined;
  await act(async () => {
    view = renderWalkthrough(<LessonWithWidgets />);
  });
  return view!;
}
// A guard against a part that never loads, not a speed test.
const LOADED = { timeout: 60_000 };

describe('the lesson with its widgets', { timeout: 120_000 }, () => {
  it('puts each feature in its slot: the live runs, the map, the quiz and the interview, and the answer key last', async () => {
    const { container } = await renderLesson();
    const quiz = container.querySelector('#quiz')!;
    const interview = container.querySelector('#interview')!;
    expect(quiz.closest('.widget-slot')).not.toBeNull();
    expect(interview.closest('.widget-slot')).not.toBeNull();
    // The quiz: one group per question; the interview: its questions.
    await within(quiz as HTMLElement).findAllByRole('radio', {}, LOADED);
    expect(quiz.textContent).toContain(practice.quiz[0]!.prompt.replaceAll('`', ''));
    await within(interview as HTMLElement).findAllByRole('textbox', {}, LOADED);
    // The map, in a browser with no workers, says so.
    const noWorkers = await screen.findAllByText(/cannot run the map's 1,600 runs in the background/, {}, LOADED);
    expect(noWorkers[0]!.closest('.widget-slot')).not.toBeNull();
    // Each live run: its own stepper, each loaded in its own time.
    expect(presets.length).toBeGreaterThan(5);
    await waitFor(() => expect(screen.getAllByText(/^Step \d+ of \d+$/)).toHaveLength(presets.length), LOADED);
    // The answer key closes the page, after the quiz it answers.
    const key = await screen.findByRole('region', { name: practice.labels.answerKey.title }, LOADED);
    expect(quiz.compareDocumentPosition(key) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(container.lastElementChild).toContainElement(key);
  });
});
