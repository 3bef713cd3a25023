import { describe, expect, it } from 'vitest';
import { DEFAULT_LAB_CONFIG } from '@/settings/lab-config';
import { DEFAULT_EMBED_FRAME, parseRoute, serializeRoute, stepHref, type Route } from './route';

const steps = () => 23;
const lesson = (search: string) => parseRoute({ pathname: '/', search }, steps);
const embed = (search: string) => parseRoute({ pathname: '/course/embed.html', search }, steps);

describe('parseRoute: the lesson page', () => {
  it('reads a 1-based step and the fencing setting', () => {
    expect(lesson('?step=19&fencing=off')).toEqual({
      route: { page: 'lesson', place: { cursor: 18, fencing: false } },
      linkProblems: [],
      labProblems: [],
    });
  });

  it.each([
    ['?step=1', 0],
    ['?step=23', 22],
  ])('opens the edge step %s as asked, with no problem', (search, cursor) => {
    expect(lesson(search)).toMatchObject({ route: { place: { cursor } }, linkProblems: [] });
  });

  it('has no place on a fresh visit, and a place as soon as the address names a step or fencing', () => {
    expect(lesson('').route).toEqual({ page: 'lesson', place: null });
    expect(lesson('?utm=course').route).toEqual({ page: 'lesson', place: null });
    expect(lesson('?fencing=off').route).toEqual({ page: 'lesson', place: { cursor: 0, fencing: false } });
    expect(lesson('?step=2').route).toEqual({ page: 'lesson', place: { cursor: 1, fencing: true } });
  });

  it('writes nothing for a lesson with no place yet, keeping the rest of the address', () => {
    expect(serializeRoute({ page: 'lesson', place: null }, { search: '?utm=course', hash: '#the-problem' })).toBe(
      '?utm=course#the-problem',
    );
    expect(serializeRoute({ page: 'lesson', place: null })).toBe('');
  });

  it.each([
    ['?step=-3', 0, { kind: 'stepBelowOne', step: '-3' }],
    ['?step=0', 0, { kind: 'stepBelowOne', step: '0' }],
    ['?step=24', 22, { kind: 'stepBeyondEnd', step: '24', count: 23 }],
    ['?step=999', 22, { kind: 'stepBeyondEnd', step: '999', count: 23 }],
    ['?step=abc', 0, { kind: 'stepNotANumber', value: 'abc' }],
    ['?step=2.5', 0, { kind: 'stepNotANumber', value: '2.5' }],
    ['?step=', 0, { kind: 'stepNotANumber', value: '' }],
  ])('falls back from %s to a valid step and says why', (search, cursor, problem) => {
    const parsed = lesson(search);
    expect(parsed.route).toMatchObject({ place: { cursor } });
    expect(parsed.linkProblems).toEqual([problem]);
  });

  it('keeps a step too long for any number as the link wrote it, without its leading zeros', () => {
    const digits = '9'.repeat(400);
    expect(lesson(`?step=${digits}`)).toMatchObject({
      route: { place: { cursor: 22 } },
      linkProblems: [{ kind: 'stepBeyondEnd', step: digits, count: 23 }],
    });
    expect(lesson(`?step=-${digits}`).linkProblems).toEqual([{ kind: 'stepBelowOne', step: `-${digits}` }]);
    expect(lesson('?step=%200024%20').linkProblems).toEqual([{ kind: 'stepBeyondEnd', step: '24', count: 23 }]);
  });

  it('turns fencing on for a value that is neither on nor off', () => {
    const parsed = lesson('?fencing=banana');
    expect(parsed.route).toMatchObject({ place: { fencing: true } });
    expect(parsed.linkProblems).toEqual([{ kind: 'fencingUnknown', value: 'banana' }]);
  });

  it('counts the steps of the timeline the link chose', () => {
    const parsed = parseRoute({ pathname: '/', search: '?step=30&fencing=off' }, (fencing) => (fencing ? 40 : 20));
    expect(parsed.route).toMatchObject({ place: { cursor: 19, fencing: false } });
  });
});

describe('parseRoute: the other pages', () => {
  it('opens presenter mode at its step', () => {
    expect(lesson('?present&step=3').route).toEqual({ page: 'present', place: { cursor: 2, fencing: true } });
    expect(lesson('?present&step=99').linkProblems).toEqual([{ kind: 'stepBeyondEnd', step: '99', count: 23 }]);
  });

  it('opens the lab with its settings and their problems', () => {
    const parsed = lesson('?service=etcd&ttl=5&lab');
    expect(parsed.route).toEqual({ page: 'lab', lab: { ...DEFAULT_LAB_CONFIG, service: 'etcd', ttlMs: 1_000 } });
    expect(parsed.labProblems).toEqual([expect.objectContaining({ field: 'ttlMs' })]);
  });

  it('reads an embed from embed.html: its widget, question, host origin and place', () => {
    expect(embed('?widget=question&id=pause-causes&parentOrigin=https%3A%2F%2Flms.example').route).toMatchObject({
      page: 'embed',
      widget: 'question',
      questionId: 'pause-causes',
      parentOrigin: 'https://lms.example',
    });
    expect(embed('?widget=walkthrough&step=5').route).toMatchObject({ place: { cursor: 4 } });
    expect(embed('?widget=lab&renewers=9').labProblems).toEqual([expect.objectContaining({ field: 'renewers' })]);
    expect(embed('?widget=quiz&renewers=9').labProblems).toEqual([]);
  });
});

describe('serializeRoute', () => {
  const roundTrip = (route: Route, pathname = '/') =>
    parseRoute({ pathname, search: serializeRoute(route).split('#')[0]! }, steps).route;

  it.each<Route>([
    { page: 'lesson', place: { cursor: 7, fencing: true } },
    { page: 'lesson', place: { cursor: 0, fencing: false } },
    { page: 'present', place: { cursor: 22, fencing: false } },
    { page: 'present', place: { cursor: 2, fencing: true }, speaker: true },
    { page: 'lab', lab: { ...DEFAULT_LAB_CONFIG, service: 'chubby', lockDelayMs: 10_000 } },
  ])('round-trips %o', (route) => {
    expect(roundTrip(route)).toEqual(route);
  });

  it('round-trips an embedded lab, keeping the host origin for a reload inside the frame', () => {
    const route: Route = {
      page: 'embed',
      widget: 'lab',
      questionId: null,
      parentOrigin: 'https://lms.example',
      place: { cursor: 0, fencing: true },
      lab: { ...DEFAULT_LAB_CONFIG, service: 'redlock', storage: 'unchecked', clockJumpMs: 20_000 },
      frame: { layout: 'full', height: 700, tools: true, presets: false },
    };
    expect(roundTrip(route, '/embed.html')).toEqual(route);
  });

  it('writes flags bare, and the lab with its own fragment', () => {
    expect(serializeRoute({ page: 'present', place: { cursor: 2, fencing: true } })).toBe('?present&step=3&fencing=on');
    expect(serializeRoute({ page: 'lab', lab: DEFAULT_LAB_CONFIG }, { hash: '#top' })).toMatch(/&lab#lab$/);
  });

  it('keeps parameters no route owns and the reader’s fragment, and drops the ones it replaces', () => {
    expect(
      serializeRoute(
        { page: 'lesson', place: { cursor: 4, fencing: false } },
        { search: '?utm=x&step=2&present', hash: '#quiz' },
      ),
    ).toBe('?step=5&fencing=off&utm=x#quiz');
  });

  it('links to a step with the walkthrough in view', () => {
    expect(stepHref({ cursor: 18, fencing: false })).toBe('?step=19&fencing=off#walkthrough');
  });
});

describe('parseRoute: which page an address opens', () => {
  it.each([
    ['embed.html', 'embed'],
    ['/embed.html', 'embed'],
    ['/course/week-3/embed.html', 'embed'],
    ['/notembed.html', 'lesson'],
    ['/embed.html/', 'lesson'],
    ['/embed-html', 'lesson'],
    ['/embedxhtml', 'lesson'],
    ['/', 'lesson'],
  ])('opens %s as the %s page', (pathname, page) => {
    expect(parseRoute({ pathname, search: '?widget=quiz' }, steps).route.page).toBe(page);
  });

  it('tells an embedded walkthrough’s link problems, and reads an embed with no parameters as given', () => {
    expect(embed('?widget=walkthrough&step=40').linkProblems).toEqual([
      { kind: 'stepBeyondEnd', step: '40', count: 23 },
    ]);
    expect(embed('').route).toEqual({
      page: 'embed',
      widget: null,
      questionId: null,
      parentOrigin: null,
      place: { cursor: 0, fencing: true },
      lab: DEFAULT_LAB_CONFIG,
      frame: DEFAULT_EMBED_FRAME,
    });
  });

  it('opens presenter mode with no lab problems, whatever lab parameters the link carries', () => {
    expect(lesson('?present&step=2&renewers=9')).toEqual({
      route: { page: 'present', place: { cursor: 1, fencing: true } },
      linkProblems: [],
      labProblems: [],
    });
  });

  it('ignores walkthrough parameters on the lab page', () => {
    expect(lesson('?lab&step=abc&fencing=maybe')).toEqual({
      route: { page: 'lab', lab: DEFAULT_LAB_CONFIG },
      linkProblems: [],
      labProblems: [],
    });
  });

  it('reads fencing=on with no problem', () => {
    expect(lesson('?fencing=on&step=2')).toEqual({
      route: { page: 'lesson', place: { cursor: 1, fencing: true } },
      linkProblems: [],
      labProblems: [],
    });
  });

  it.each([
    ['?step=%205%20', 4],
    ['?step=07', 6],
  ])('reads a whole number with spaces or a leading zero: %s', (search, cursor) => {
    expect(lesson(search)).toMatchObject({ route: { place: { cursor } }, linkProblems: [] });
  });

  it.each(['5x', 'x5', '+5', '5 5', '1e1', '0x5'])('reads step=%s as not a number', (value) => {
    expect(lesson(`?step=${encodeURIComponent(value)}`).linkProblems).toEqual([{ kind: 'stepNotANumber', value }]);
  });
});

describe('serializeRoute: the embed page', () => {
  const embedRoute = (widget: string | null, extra: Partial<Extract<Route, { page: 'embed' }>> = {}): Route => ({
    page: 'embed',
    widget,
    questionId: null,
    parentOrigin: null,
    place: { cursor: 4, fencing: false },
    lab: DEFAULT_LAB_CONFIG,
    frame: DEFAULT_EMBED_FRAME,
    ...extra,
  });

  it('writes the walkthrough’s place for a walkthrough, or a widget not named', () => {
    expect(serializeRoute(embedRoute('walkthrough'))).toBe('?widget=walkthrough&step=5&fencing=off');
    expect(serializeRoute(embedRoute(null))).toBe('?step=5&fencing=off');
  });

  it('writes the lab settings and the axes for the map widget, and reads them back with their problems', () => {
    const lab = { ...DEFAULT_LAB_CONFIG, service: 'chubby' as const, mapUp: 'lockDelayMs' as const };
    const written = serializeRoute(embedRoute('map', { lab }));
    expect(written).toMatch(/^\?widget=map&service=chubby&.*&across=ttl&up=lockDelay$/);
    const parsed = parseRoute({ pathname: '/embed.html', search: written }, () => 23);
    expect(parsed.route).toMatchObject({ page: 'embed', widget: 'map', lab });
    const wrong = parseRoute({ pathname: '/embed.html', search: '?widget=map&up=drift' }, () => 23);
    expect(wrong.labProblems.map((problem) => problem.kind)).toEqual(['unknownMapAxis']);
  });

  it('writes only the widget and question for the quiz, and the host origin when known', () => {
    expect(serializeRoute(embedRoute('quiz'))).toBe('?widget=quiz');
    expect(
      serializeRoute(embedRoute('question', { questionId: 'pause-causes', parentOrigin: 'https://lms.example' })),
    ).toBe('?widget=question&id=pause-causes&parentOrigin=https%3A%2F%2Flms.example');
  });

  it('writes no fragment unless the reader is at one, and keeps a parameter that only looks like a flag', () => {
    expect(serializeRoute({ page: 'lesson', place: { cursor: 0, fencing: true } })).toBe('?step=1&fencing=on');
    expect(
      serializeRoute({ page: 'lesson', place: { cursor: 0, fencing: true } }, { search: '?collab=&lab=&ref=' }),
    ).toBe('?step=1&fencing=on&collab=&ref=');
    expect(
      serializeRoute({ page: 'present', place: { cursor: 0, fencing: true } }, { search: '?present=1&topic=lab' }),
    ).toBe('?present&step=1&fencing=on&topic=lab');
  });

  it('keeps a repeated parameter no route owns, every time it appears', () => {
    expect(serializeRoute({ page: 'lesson', place: { cursor: 1, fencing: true } }, { search: '?tag=a&tag=b' })).toBe(
      '?step=2&fencing=on&tag=a&tag=b',
    );
  });
});

describe('parseRoute: how an embed fits its frame', () => {
  const frameOf = (search: string) => {
    const { route, linkProblems } = parseRoute({ pathname: '/lockstep/embed.html', search }, () => 23);
    if (route.page !== 'embed') throw new Error('not an embed');
    return { frame: route.frame, linkProblems };
  };

  it('is compact, without author tools and with presets, unless the embed code says otherwise', () => {
    expect(frameOf('?widget=walkthrough')).toEqual({ frame: DEFAULT_EMBED_FRAME, linkProblems: [] });
    expect(DEFAULT_EMBED_FRAME).toEqual({ layout: 'compact', height: null, tools: false, presets: true });
    expect(frameOf('?widget=lab&layout=full&tools=on&presets=off&height=700').frame).toEqual({
      layout: 'full',
      height: 700,
      tools: true,
      presets: false,
    });
  });

  it.each([
    ['360', 360],
    ['2000', 2000],
    ['640px', 640],
  ])('takes height=%s', (value, height) => {
    expect(frameOf(`?height=${value}`)).toEqual({ frame: { ...DEFAULT_EMBED_FRAME, height }, linkProblems: [] });
  });

  it.each(['359', '2001', '-640', '64.5', 'tall', ''])(
    'refuses height=%s, says so and keeps the frame height',
    (value) => {
      expect(frameOf(`?height=${value}`)).toEqual({
        frame: DEFAULT_EMBED_FRAME,
        linkProblems: [{ kind: 'embedOptionUnknown', name: 'height', value }],
      });
    },
  );

  it('refuses an unknown layout, tools or presets value and uses the default', () => {
    expect(frameOf('?layout=tiny&tools=yes&presets=0')).toEqual({
      frame: DEFAULT_EMBED_FRAME,
      linkProblems: [
        { kind: 'embedOptionUnknown', name: 'layout', value: 'tiny' },
        { kind: 'embedOptionUnknown', name: 'tools', value: 'yes' },
        { kind: 'embedOptionUnknown', name: 'presets', value: '0' },
      ],
    });
  });

  it('writes only what differs from the default', () => {
    const route = parseRoute(
      { pathname: '/embed.html', search: '?widget=walkthrough&layout=full&height=500' },
      () => 23,
    ).route;
    expect(serializeRoute(route)).toBe('?widget=walkthrough&step=1&fencing=on&layout=full&height=500');
  });
});

describe('the speaker view’s address', () => {
  it('is the presentation’s, with a bare speaker flag', () => {
    expect(serializeRoute({ page: 'present', place: { cursor: 2, fencing: false }, speaker: true })).toBe(
      '?present&speaker&step=3&fencing=off',
    );
    expect(parseRoute({ pathname: '/', search: '?present&speaker&step=3' }, () => 23).route).toEqual({
      page: 'present',
      place: { cursor: 2, fencing: true },
      speaker: true,
    });
  });
});
