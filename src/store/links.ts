import { serializeUrlState, type UrlState } from './url-state';

/** Where embed.html lives, next to the page currently open. */
function embedUrl(base: string, params: Record<string, string>, search = ''): string {
  const url = new URL('embed.html', base);
  url.search = new URLSearchParams({ ...params, ...Object.fromEntries(new URLSearchParams(search)) }).toString();
  return url.toString();
}

export function walkthroughEmbedUrl(base: string, state: UrlState): string {
  return embedUrl(base, { widget: 'walkthrough' }, serializeUrlState(state));
}

/** The lab with its settings, as `serializeLabConfig` writes them. */
export function labEmbedUrl(base: string, labSearch: string): string {
  return embedUrl(base, { widget: 'lab' }, labSearch);
}

export function quizEmbedUrl(base: string, questionId?: string): string {
  return embedUrl(base, questionId ? { widget: 'question', id: questionId } : { widget: 'quiz' });
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

export function stepLink(base: string, state: UrlState): string {
  const url = new URL(base);
  url.search = serializeUrlState(state, url.search);
  url.hash = 'walkthrough';
  return url.toString();
}
