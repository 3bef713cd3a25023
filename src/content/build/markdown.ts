import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import lua from 'highlight.js/lib/languages/lua';
import sql from 'highlight.js/lib/languages/sql';
import { Marked, type Tokens } from 'marked';
import { markedHighlight } from 'marked-highlight';
import { known } from '../../sim/known.ts';

hljs.registerLanguage('sql', sql);
hljs.registerLanguage('bash', bash);
hljs.registerLanguage('lua', lua);

/** Widgets a lesson may place on a line of its own, written `::name::`. */
export const WIDGETS = ['walkthrough', 'sources', 'quiz', 'interview', 'map', 'fence'] as const;
export type WidgetName = (typeof WIDGETS)[number];

export type Segment =
  { readonly kind: 'html'; readonly html: string } | { readonly kind: 'widget'; readonly widget: string };

export interface Heading {
  readonly id: string;
  readonly text: string;
  readonly depth: number;
}

export interface RenderedMarkdown {
  readonly segments: readonly Segment[];
  readonly headings: readonly Heading[];
  /** Every href in the document, for checking that internal links resolve. */
  readonly links: readonly string[];
  /**
   * The source ids cited under each heading, in document order: `under` is the index into `headings` of the
   * heading the citation follows (-1 before the first heading).
   */
  readonly citations: readonly { readonly id: string; readonly under: number }[];
  /** How many blocks of prose (paragraphs, lists, tables) stand under each heading, by the same index. */
  readonly proseUnder: readonly number[];
}

/** What a citation shows of a source card: its short label and its title. */
export interface CitableSource {
  readonly cite: string;
  readonly title: string;
}

/** `[@source-id]`, or several at once: `[@one; @two]`. */
const CITATION = /^\[@([a-z0-9-]+(?:;\s*@[a-z0-9-]+)*)\]/;

const WIDGET_MARK = /^::([a-z-]+)::$/;
const EXPLICIT_ID = /\s*\{#([a-z0-9-]+)\}\s*$/;

/** Lower-case words joined by dashes, as GitHub makes heading anchors. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/<[^>]+>/g, '')
    .replace(/&[a-z0-9#]+;/g, '')
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/[\s-]+/g, '-');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const ENTITIES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&amp;': '&', '&quot;': '"', '&#39;': "'" };

function plainHeading(html: string): string {
  return html.replace(/<[^>]+>/g, '').replace(/&(?:lt|gt|amp|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity);
}

/**
 * Renders lesson Markdown at build time: code is highlighted, headings get ids (`{#id}` overrides the
 * slug, and the file's top heading takes the section id), and `::widget::` lines become widget slots.
 */
export function renderMarkdown(
  source: string,
  options: { sectionId?: string; sources?: ReadonlyMap<string, CitableSource> } = {},
): RenderedMarkdown {
  const headings: Heading[] = [];
  const links: string[] = [];
  const citations: { id: string; under: number }[] = [];
  let headingsSeen = -1;
  const proseUnder: number[] = [];
  const marked = new Marked(
    markedHighlight({
      emptyLangClass: 'hljs',
      langPrefix: 'hljs language-',
      highlight: (code, lang) => (hljs.getLanguage(lang) ? hljs.highlight(code, { language: lang }).value : code),
    }),
  );
  marked.use({
    extensions: [
      {
        name: 'citation',
        level: 'inline',
        start: (src: string) => src.indexOf('[@'),
        tokenizer(src: string) {
          const match = CITATION.exec(src);
          if (!match) return undefined;
          const ids = known(match[1]).split(/;\s*@/);
          return { type: 'citation', raw: match[0], ids };
        },
        renderer(token) {
          const ids = token.ids as string[];
          const parts = ids.map((id) => {
            const card = options.sources?.get(id);
            const label = escapeHtml(card?.cite ?? id);
            const title = card ? ` title="${escapeHtml(card.title)}"` : '';
            return `<a href="#source-${id}"${title}>${label}</a>`;
          });
          return `<span class="citation">[${parts.join('; ')}]</span>`;
        },
      },
    ],
    walkTokens(token) {
      if (token.type === 'heading') headingsSeen += 1;
      if (['paragraph', 'list', 'table'].includes(token.type) && !WIDGET_MARK.test(token.raw.trim())) {
        proseUnder[headingsSeen] = (proseUnder[headingsSeen] ?? 0) + 1;
      }
      if (token.type === 'link') links.push((token as Tokens.Link).href);
      if (token.type === 'citation') {
        for (const id of (token as unknown as { ids: string[] }).ids) citations.push({ id, under: headingsSeen });
      }
    },
    renderer: {
      heading({ tokens, depth }) {
        let html = this.parser.parseInline(tokens);
        const explicit = EXPLICIT_ID.exec(html);
        if (explicit) html = html.replace(EXPLICIT_ID, '');
        const id = depth === 1 && options.sectionId ? options.sectionId : (explicit?.[1] ?? slugify(html));
        const level = Math.min(depth + 1, 3);
        headings.push({ id, text: plainHeading(html), depth: level });
        return `<h${level} id="${id}">${html}</h${level}>\n`;
      },
      paragraph({ tokens, text }) {
        const widget = WIDGET_MARK.exec(text.trim());
        if (widget) return `<!--widget:${widget[1]}-->`;
        return `<p>${this.parser.parseInline(tokens)}</p>\n`;
      },
    },
  });
  // Code blocks can scroll sideways on a phone, so they must be reachable from the keyboard.
  const html = (marked.parse(source, { async: false }) as string).replaceAll('<pre>', '<pre tabindex="0">');
  const segments: Segment[] = html
    .split(/(<!--widget:[a-z-]+-->)/)
    .filter((part) => part.trim() !== '')
    .map((part) => {
      const widget = /^<!--widget:([a-z-]+)-->$/.exec(part);
      return widget?.[1] ? { kind: 'widget', widget: widget[1] } : { kind: 'html', html: part };
    });
  return { segments, headings, links, citations, proseUnder };
}
