import { DEFAULT_LAB_CONFIG, type LabConfig } from '../settings/lab-config.ts';
import { DEFAULT_EMBED_FRAME, serializeRoute, type WalkthroughPlace } from './route.ts';

/** The addresses a learner copies to share or embed a moment of Lockstep, each built from its route. */

/** embed.html, next to the page currently open. */
function embedUrl(base: string, search: string): string {
  return new URL(`embed.html${search}`, base).toString();
}

export function walkthroughEmbedUrl(base: string, place: WalkthroughPlace): string {
  return embedUrl(base, serializeRoute(embedRoute('walkthrough', { place })));
}

export function labEmbedUrl(base: string, lab: LabConfig): string {
  return embedUrl(base, serializeRoute(embedRoute('lab', { lab })));
}

export function quizEmbedUrl(base: string, questionId?: string): string {
  return embedUrl(base, serializeRoute(questionId ? embedRoute('question', { questionId }) : embedRoute('quiz', {})));
}

/** The lab page with these settings, next to the page currently open. */
export function labPageUrl(base: string, lab: LabConfig): string {
  return new URL(labPageHref(lab), base).toString();
}

/** The same, relative to the page it is on: a prerendered link, written where there is no address. */
export function labPageHref(lab: LabConfig): string {
  return `./${serializeRoute({ page: 'lab', lab })}`;
}

/** The lesson page at a walkthrough step, scrolled to the walkthrough; the page's other parameters stay. */
export function stepLink(base: string, place: WalkthroughPlace): string {
  const url = new URL(base);
  return new URL(
    serializeRoute({ page: 'lesson', place }, { search: url.search, hash: '#walkthrough' }),
    url,
  ).toString();
}

function embedRoute(
  widget: 'walkthrough' | 'lab' | 'map' | 'quiz' | 'question',
  given: { place?: WalkthroughPlace; lab?: LabConfig; questionId?: string },
) {
  return {
    page: 'embed',
    widget,
    questionId: given.questionId ?? null,
    parentOrigin: null,
    place: given.place ?? { cursor: 0, fencing: true },
    lab: given.lab ?? DEFAULT_LAB_CONFIG,
    frame: DEFAULT_EMBED_FRAME,
  } as const;
}

/** A ready-to-paste iframe: titled, lazy, full width, with a height that suits a phone until the host script resizes it. */
export function iframeSnippet(src: string, title: string, height = 720): string {
  const escape = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
  return (
    `<iframe src="${escape(src)}" title="${escape(title)}" loading="lazy" ` +
    `style="width: 100%; max-width: 960px; height: ${height}px; border: 0;" allow="clipboard-write; fullscreen"></iframe>\n` +
    `<script src="${escape(new URL('embed-host.js', src).toString())}" defer></script>`
  );
}
