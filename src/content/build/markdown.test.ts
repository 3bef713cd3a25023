import { describe, expect, it } from 'vitest';
import { renderMarkdown, slugify } from './markdown';

const html = (source: string, options: Parameters<typeof renderMarkdown>[1] = {}) =>
  renderMarkdown(source, options)
    .segments.map((segment) => ('html' in segment ? segment.html : `[${segment.widget}]`))
    .join('');

describe('slugify: heading anchors as GitHub makes them', () => {
  it.each([
    ['Fencing tokens', 'fencing-tokens'],
    ['  Why   leases expire  ', 'why-leases-expire'],
    ['What <code>SET NX</code> does', 'what-set-nx-does'],
    ['Locks &amp; leases', 'locks-leases'],
    ['Redlock: safe?', 'redlock-safe'],
    ['Step 2 -- then 3', 'step-2-then-3'],
  ])('%s → %s', (text, slug) => {
    expect(slugify(text)).toBe(slug);
  });
});

describe('renderMarkdown: headings', () => {
  it('gives the top heading the section id, and the others an explicit id or a slug, one level down', () => {
    const { headings } = renderMarkdown(
      '# Why locks fail\n\n## Leases {#leases}\n\n### Fencing & "tokens"\n\n#### Deep',
      {
        sectionId: 'why',
      },
    );
    expect(headings).toEqual([
      { id: 'why', text: 'Why locks fail', depth: 2 },
      { id: 'leases', text: 'Leases', depth: 3 },
      { id: 'fencing-tokens', text: 'Fencing & "tokens"', depth: 3 },
      { id: 'deep', text: 'Deep', depth: 3 },
    ]);
  });

  it('writes the heading with its id and without the explicit-id mark', () => {
    expect(html('## Leases {#leases}')).toBe('<h3 id="leases">Leases</h3>\n');
    expect(html('# Locks <em>now</em>')).toBe('<h2 id="locks-now">Locks <em>now</em></h2>\n');
  });

  it('reads a heading’s text without its markup, entities decoded', () => {
    const { headings } = renderMarkdown("## `SET` **NX** &lt;key&gt; isn't &amp;");
    expect(headings[0]?.text).toBe("SET NX <key> isn't &");
  });
});

describe('renderMarkdown: widgets, prose and links', () => {
  it('turns a ::widget:: line into a slot between the HTML around it', () => {
    expect(renderMarkdown('Before.\n\n::walkthrough::\n\nAfter.').segments).toEqual([
      { kind: 'html', html: '<p>Before.</p>\n' },
      { kind: 'widget', widget: 'walkthrough' },
      { kind: 'html', html: '<p>After.</p>\n' },
    ]);
    expect(renderMarkdown('::lab-notes::').segments).toEqual([{ kind: 'widget', widget: 'lab-notes' }]);
    expect(html('Not ::quiz:: in a sentence.')).toBe('<p>Not ::quiz:: in a sentence.</p>\n');
  });

  it('counts the blocks of prose under each heading, but not a widget line', () => {
    const source = [
      'Intro.',
      '# One',
      'A paragraph.',
      '- a list\n- of two',
      '## Two',
      '::quiz::',
      '## Three',
      '```\ncode\n```',
    ].join('\n\n');
    const proseUnder = renderMarkdown(source).proseUnder;
    expect(proseUnder[-1]).toBe(1);
    expect([...proseUnder]).toEqual([2]);
    expect(renderMarkdown('# Table\n\n| a | b |\n|---|---|\n| 1 | 2 |').proseUnder[0]).toBeGreaterThan(0);
  });

  it('collects every link target', () => {
    expect(
      renderMarkdown('See [the step](?step=4) and [the quiz](#quiz), or [Kleppmann](https://martin.kleppmann.com).')
        .links,
    ).toEqual(['?step=4', '#quiz', 'https://martin.kleppmann.com']);
  });
});

describe('renderMarkdown: citations', () => {
  const sources = new Map([['kleppmann-2016', { cite: 'Kleppmann <2016>', title: 'How to do "distributed" locking' }]]);

  it('links each cited card with its label and title, and an unknown id by its id', () => {
    expect(html('Pauses happen [@kleppmann-2016; @nobody].', { sources })).toBe(
      '<p>Pauses happen <span class="citation">[<a href="#source-kleppmann-2016" title="How to do &#34;distributed&#34; locking">Kleppmann &#60;2016&#62;</a>; <a href="#source-nobody">nobody</a>]</span>.</p>\n',
    );
  });

  it('records each citation under the heading it follows', () => {
    const { citations } = renderMarkdown('Early [@a].\n\n# One\n\nClaim [@b;@c].\n\n## Two\n\nClaim [@d].');
    expect(citations).toEqual([
      { id: 'a', under: -1 },
      { id: 'b', under: 0 },
      { id: 'c', under: 0 },
      { id: 'd', under: 1 },
    ]);
  });

  it('leaves a bracket that is not a citation as text', () => {
    const rendered = renderMarkdown('An array [@] and [@Upper] and [see @a].');
    expect(rendered.citations).toEqual([]);
    expect(html('An array [@] here.')).toBe('<p>An array [@] here.</p>\n');
  });
});

describe('renderMarkdown: code', () => {
  it('highlights a known language at build time, and leaves other code as escaped text', () => {
    expect(html('```sql\nSELECT 1;\n```')).toBe(
      '<pre tabindex="0"><code class="hljs language-sql"><span class="hljs-keyword">SELECT</span> <span class="hljs-number">1</span>;\n</code></pre>',
    );
    expect(html('```\nplain\n```')).toBe('<pre tabindex="0"><code class="hljs">plain\n</code></pre>');
    expect(html('```nosuch\nx < y\n```')).toBe(
      '<pre tabindex="0"><code class="hljs language-nosuch">x &lt; y\n</code></pre>',
    );
  });

  it('highlights shell commands and Lua scripts too', () => {
    expect(html('```bash\necho hi\n```')).toContain('<span class="hljs-built_in">echo</span>');
    expect(html('```lua\nlocal x = 1\n```')).toContain('<span class="hljs-keyword">local</span>');
  });
});
