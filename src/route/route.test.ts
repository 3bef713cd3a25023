import { describe, expect, it } from 'vitest';
import { DEFAULT_LAB_CONFIG } from '@/lab/lab-config';
import { parseRoute, serializeRoute, stepHref, type Route } from './route';

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

  it('defaults to the first step with fencing on', () => {
    expect(lesson('').route).toEqual({ page: 'lesson', place: { cursor: 0, fencing: true } });
  });

  it.each([
    ['?step=-3', 0, { kind: 'stepBelowOne', step: -3 }],
    ['?step=0', 0, { kind: 'stepBelowOne', step: 0 }],
    ['?step=24', 22, { kind: 'stepBeyondEnd', step: 24, count: 23 }],
    ['?step=999', 22, { kind: 'stepBeyondEnd', step: 999, count: 23 }],
    ['?step=abc', 0, { kind: 'stepNotANumber', value: 'abc' }],
    ['?step=2.5', 0, { kind: 'stepNotANumber', value: '2.5' }],
    ['?step=', 0, { kind: 'stepNotANumber', value: '' }],
  ])('falls back from %s to a valid step and says why', (search, cursor, problem) => {
    const parsed = lesson(search);
    expect(parsed.route).toMatchObject({ place: { cursor } });
    expect(parsed.linkProblems).toEqual([problem]);
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
    expect(lesson('?present&step=99').linkProblems).toEqual([{ kind: 'stepBeyondEnd', step: 99, count: 23 }]);
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
