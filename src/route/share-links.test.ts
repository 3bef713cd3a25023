import { describe, expect, it } from 'vitest';
import { DEFAULT_LAB_CONFIG } from '@/settings/lab-config';
import { iframeSnippet, labEmbedUrl, labPageUrl, quizEmbedUrl, stepLink, walkthroughEmbedUrl } from './share-links';

const base = 'https://course.example/tools/lockstep/index.html?present';

describe('embed code', () => {
  it('points the walkthrough embed at the current step and fencing setting, next to the page', () => {
    expect(walkthroughEmbedUrl(base, { cursor: 2, fencing: false })).toBe(
      'https://course.example/tools/lockstep/embed.html?widget=walkthrough&step=3&fencing=off',
    );
  });

  it('embeds the quiz or one question by id', () => {
    expect(quizEmbedUrl(base)).toBe('https://course.example/tools/lockstep/embed.html?widget=quiz');
    expect(quizEmbedUrl(base, 'snip-weekly-email')).toBe(
      'https://course.example/tools/lockstep/embed.html?widget=question&id=snip-weekly-email',
    );
  });

  it('embeds the lab with its settings, and links to the lab page', () => {
    const lab = { ...DEFAULT_LAB_CONFIG, service: 'etcd' as const, ttlMs: 10_000 };
    expect(labEmbedUrl(base, lab)).toMatch(
      /^https:\/\/course\.example\/tools\/lockstep\/embed\.html\?widget=lab&service=etcd&.*ttl=10000/,
    );
    expect(labPageUrl(base, lab)).toMatch(/^https:\/\/course\.example\/tools\/lockstep\/\?service=etcd&.*&lab#lab$/);
  });

  it('makes an iframe with a title, lazy loading, a size, and the resize script', () => {
    const snippet = iframeSnippet('https://course.example/embed.html?widget=quiz&x="y"', 'Lockstep quiz');
    expect(snippet).toContain('<iframe src="https://course.example/embed.html?widget=quiz&amp;x=&quot;y&quot;"');
    expect(snippet).toContain('title="Lockstep quiz" loading="lazy"');
    expect(snippet).toContain('height: 720px');
    expect(snippet).toContain('<script src="https://course.example/embed-host.js" defer></script>');
  });

  it('links to a step of the lesson page, keeping the page and its other parameters', () => {
    expect(
      stepLink('https://course.example/lockstep/?step=1&fencing=on&utm=x#quiz', { cursor: 18, fencing: true }),
    ).toBe('https://course.example/lockstep/?step=19&fencing=on&utm=x#walkthrough');
  });

  it('points the walkthrough embed at the walkthrough alone, whatever page it is copied from', () => {
    expect(walkthroughEmbedUrl('https://course.example/lockstep/?lab#lab', { cursor: 0, fencing: true })).toBe(
      'https://course.example/lockstep/embed.html?widget=walkthrough&step=1&fencing=on',
    );
  });

  it('escapes quotes, ampersands and angle brackets in the title, and takes another height', () => {
    const snippet = iframeSnippet('https://course.example/embed.html?widget=lab', 'Locks & "leases" <lab>', 480);
    expect(snippet).toContain('title="Locks &amp; &quot;leases&quot; &lt;lab>"');
    expect(snippet).toContain('height: 480px; border: 0;');
    expect(snippet).toContain('<script src="https://course.example/embed-host.js" defer></script>');
  });

  it('links to a step of a lesson page that has no parameters yet', () => {
    expect(stepLink('https://course.example/lockstep/', { cursor: 0, fencing: false })).toBe(
      'https://course.example/lockstep/?step=1&fencing=off#walkthrough',
    );
  });
});
