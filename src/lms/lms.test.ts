import practice from 'virtual:lockstep/practice';
import { describe, expect, it, vi } from 'vitest';
import { learnerStorage } from './learner-storage';
import { lmsValues, sessionTime } from './report';
import { connectToLms } from './scorm-api';
import { decodeSuspendData, encodeSuspendData, SUSPEND_DATA_LIMIT, type SuspendState } from './suspend-data';

const done = { walkthroughDone: true, quizDone: true, quizChecked: 16, quizRight: 13, quizTotal: 16 };

describe('what the LMS is told', () => {
  it('SCORM 1.2: incomplete, with no score, until the quiz is answered; then passed or failed, walkthrough seen or not', () => {
    const partQuiz = { ...done, quizDone: false, quizChecked: 15 };
    expect(lmsValues('1.2', partQuiz, '80')).toEqual([['lesson_status', 'incomplete']]);
    expect(lmsValues('1.2', { ...partQuiz, walkthroughDone: false }, '')).toEqual([['lesson_status', 'incomplete']]);
    // 13 of 16 is 81.25 %.
    expect(lmsValues('1.2', { ...done, walkthroughDone: false }, '80')).toEqual([
      ['score.raw', '81'],
      ['score.min', '0'],
      ['score.max', '100'],
      ['lesson_status', 'passed'],
    ]);
    expect(lmsValues('1.2', { ...done, walkthroughDone: false }, '82')).toContainEqual(['lesson_status', 'failed']);
    // With no mastery score: completed only once both parts are done.
    expect(lmsValues('1.2', { ...done, walkthroughDone: false }, '')).toContainEqual(['lesson_status', 'incomplete']);
    expect(lmsValues('1.2', done, '')).toContainEqual(['lesson_status', 'completed']);
  });

  it('a gradebook’s view: all 16 right with the walkthrough seen, below the mastery score, and part done', () => {
    const allRight = { ...done, quizRight: 16 };
    expect(lmsValues('1.2', allRight, '80')).toEqual([
      ['score.raw', '100'],
      ['score.min', '0'],
      ['score.max', '100'],
      ['lesson_status', 'passed'],
    ]);
    expect(lmsValues('2004', allRight, '0.8')).toEqual([
      ['score.raw', '100'],
      ['score.min', '0'],
      ['score.max', '100'],
      ['score.scaled', '1'],
      ['completion_status', 'completed'],
      ['success_status', 'passed'],
      ['progress_measure', '1'],
    ]);
    expect(lmsValues('1.2', { ...done, quizRight: 4 }, '80')).toContainEqual(['lesson_status', 'failed']);
    expect(lmsValues('2004', { ...done, quizRight: 4 }, '0.8')).toContainEqual(['success_status', 'failed']);
    // The walkthrough seen and 5 of 16 questions checked: 6 of 17 parts.
    const partDone = { ...done, quizDone: false, quizChecked: 5, quizRight: 5 };
    expect(lmsValues('1.2', partDone, '80')).toEqual([['lesson_status', 'incomplete']]);
    expect(lmsValues('2004', partDone, '0.8')).toEqual([
      ['completion_status', 'incomplete'],
      ['success_status', 'unknown'],
      ['progress_measure', '0.3529'],
    ]);
    expect(lmsValues('2004', { ...partDone, walkthroughDone: false, quizChecked: 0 }, '0.8')).toContainEqual([
      'progress_measure',
      '0',
    ]);
  });

  it('judges a pass the same way in both versions, on the exact share of right answers', () => {
    // 11 of 16 is 68.75 %: below a mastery of 69 in both, though 1.2's rounded raw score reads 69.
    expect(lmsValues('1.2', { ...done, quizRight: 11 }, '69')).toContainEqual(['lesson_status', 'failed']);
    expect(lmsValues('1.2', { ...done, quizRight: 11 }, '69')).toContainEqual(['score.raw', '69']);
    expect(lmsValues('2004', { ...done, quizRight: 11 }, '0.69')).toContainEqual(['success_status', 'failed']);
    expect(lmsValues('1.2', { ...done, quizRight: 11 }, '68.75')).toContainEqual(['lesson_status', 'passed']);
  });

  it.each([
    [13, '81', 'passed'],
    [13, '82', 'failed'],
    [16, '100', 'passed'],
    [0, '0', 'passed'],
    [13, '', 'completed'],
  ])('SCORM 1.2: %i of 16 right against mastery "%s" is %s', (quizRight, mastery, status) => {
    const values = lmsValues('1.2', { ...done, quizRight }, mastery);
    expect(values).toContainEqual(['lesson_status', status]);
    expect(values).toContainEqual(['score.raw', String(Math.round((quizRight / 16) * 100))]);
    expect(values).toContainEqual(['score.max', '100']);
  });

  it('SCORM 2004: completion and success apart, the score scaled 0 to 1', () => {
    expect(lmsValues('2004', { ...done, walkthroughDone: false }, '0.8')).toEqual([
      ['score.raw', '81'],
      ['score.min', '0'],
      ['score.max', '100'],
      ['score.scaled', '0.8125'],
      ['completion_status', 'incomplete'],
      ['success_status', 'passed'],
      ['progress_measure', '0.9412'],
    ]);
    expect(lmsValues('2004', { ...done, quizRight: 12 }, '0.8')).toContainEqual(['success_status', 'failed']);
    expect(lmsValues('2004', { ...done, quizRight: 16 }, '1')).toContainEqual(['score.scaled', '1']);
    expect(lmsValues('2004', done, '')).toContainEqual(['success_status', 'unknown']);
    expect(lmsValues('2004', { ...done, quizDone: false, quizChecked: 15 }, '0.8')).toEqual([
      ['completion_status', 'incomplete'],
      ['success_status', 'unknown'],
      ['progress_measure', '0.9412'],
    ]);
  });

  it('passes a score exactly at the passing score, in both versions', () => {
    // 12 of 16 is exactly 75 %.
    expect(lmsValues('1.2', { ...done, quizRight: 12 }, '75')).toContainEqual(['lesson_status', 'passed']);
    expect(lmsValues('2004', { ...done, quizRight: 12 }, '0.75')).toContainEqual(['success_status', 'passed']);
  });

  it('reads a passing score of spaces alone as none, and a quiz of no questions as a score of 0', () => {
    expect(lmsValues('1.2', done, '  ')).toContainEqual(['lesson_status', 'completed']);
    expect(lmsValues('2004', done, ' ')).toContainEqual(['success_status', 'unknown']);
    const empty = { ...done, quizRight: 0, quizTotal: 0 };
    expect(lmsValues('1.2', empty, '')).toContainEqual(['score.raw', '0']);
    expect(lmsValues('2004', empty, '')).toContainEqual(['score.scaled', '0']);
  });

  it('says how long the session lasted in each version’s format', () => {
    expect(sessionTime('1.2', 3_723_450)).toBe('0001:02:03.45');
    expect(sessionTime('1.2', 0)).toBe('0000:00:00.00');
    expect(sessionTime('2004', 61_500)).toBe('PT61.5S');
  });
});

describe('suspend data', () => {
  const everyAnswer: SuspendState = {
    interactions: 17,
    walkthroughDone: true,
    place: { cursor: 22, fencing: false },
    quiz: Object.fromEntries(
      practice.quiz.map((question) => [
        question.id,
        question.kind === 'order' ? question.items.map((item) => item.id) : question.options.map((option) => option.id),
      ]),
    ),
    predictions: { 'stale-certificate:on:b-first': 'a', 'stale-certificate:off:a-late-write': 'b' },
  };

  it('carries every answer within SCORM 1.2’s 4,096 characters, and reads back as written', () => {
    const encoded = encodeSuspendData(everyAnswer);
    expect(encoded.length).toBeLessThanOrEqual(SUSPEND_DATA_LIMIT);
    expect(decodeSuspendData(encoded)).toEqual(everyAnswer);
  });

  it('gives up predictions before graded answers when it would not fit', () => {
    const predictions = Object.fromEntries(Array.from({ length: 200 }, (_, index) => [`prediction-${index}`, 'a']));
    const encoded = encodeSuspendData({ ...everyAnswer, predictions });
    expect(encoded.length).toBeLessThanOrEqual(SUSPEND_DATA_LIMIT);
    expect(decodeSuspendData(encoded)).toEqual({ ...everyAnswer, predictions: {} });
  });

  it('keeps the predictions of a state exactly at the limit, and gives them up one character over', () => {
    const withPrediction = (value: string) => ({ ...everyAnswer, predictions: { 'stale-certificate:p': value } });
    const room = SUSPEND_DATA_LIMIT - encodeSuspendData(withPrediction('')).length;
    const atLimit = encodeSuspendData(withPrediction('x'.repeat(room)));
    expect(atLimit.length).toBe(SUSPEND_DATA_LIMIT);
    expect(decodeSuspendData(atLimit)?.predictions).toEqual({ 'stale-certificate:p': 'x'.repeat(room) });
    const over = encodeSuspendData(withPrediction('x'.repeat(room + 1)));
    expect(decodeSuspendData(over)?.predictions).toEqual({});
  });

  it('reads suspend data longer than it ever writes as none, and data exactly at the limit as its own', () => {
    const state: SuspendState = {
      interactions: 0,
      walkthroughDone: true,
      place: { cursor: 3, fencing: false },
      quiz: {},
      predictions: {},
    };
    const encoded = encodeSuspendData(state);
    const padded = `${encoded.slice(0, -1)}${' '.repeat(SUSPEND_DATA_LIMIT - encoded.length)}}`;
    expect(padded).toHaveLength(SUSPEND_DATA_LIMIT);
    expect(decodeSuspendData(padded)).toEqual(state);
    expect(decodeSuspendData(`${padded} `)).toBeNull();
  });

  it('reads answers or predictions saved as a list, not a record, as none', () => {
    expect(decodeSuspendData('{"v":1,"w":0,"c":3,"f":1,"q":[["a"]],"p":["v"]}')).toEqual({
      walkthroughDone: false,
      place: { cursor: 3, fencing: true },
      quiz: {},
      predictions: {},
      interactions: 0,
    });
    // An answer with any option that is not an option's id (a string) is dropped whole.
    expect(decodeSuspendData('{"v":1,"q":{"a":["x",2]}}')?.quiz).toEqual({});
  });

  it.each(['', 'not json', '[]', '{"v":2}', 'null'])('ignores what it cannot read: %j', (raw) => {
    expect(decodeSuspendData(raw)).toBeNull();
  });

  it('keeps the parts it can read and drops damaged entries', () => {
    expect(
      decodeSuspendData('{"v":1,"w":1,"c":-4,"f":0,"q":{"a":["x"],"b":"y","c":[1]},"p":{"k":"v","n":3},"i":2.5}'),
    ).toEqual({
      walkthroughDone: true,
      place: { cursor: 0, fencing: false },
      quiz: { a: ['x'] },
      predictions: { k: 'v' },
      interactions: 0,
    });
    expect(decodeSuspendData('{"v":1,"i":7}')?.interactions).toBe(7);
    expect(decodeSuspendData('{"v":1,"i":-1}')?.interactions).toBe(0);
  });
});

describe('finding the LMS', () => {
  const api12 = () => ({
    LMSInitialize: vi.fn(() => 'true'),
    LMSGetValue: vi.fn((element: string) => (element === 'cmi.core.student_id' ? 'learner-1' : '')),
    LMSSetValue: vi.fn(() => 'true'),
    LMSCommit: vi.fn(() => 'true'),
    LMSFinish: vi.fn(() => 'true'),
  });

  const api2004 = () => ({
    Initialize: vi.fn(() => 'true'),
    GetValue: vi.fn((element: string) => (element === 'cmi.learner_id' ? 'learner-2' : '')),
    SetValue: vi.fn(() => 'true'),
    Commit: vi.fn(() => 'true'),
    Terminate: vi.fn(() => 'true'),
  });

  it('walks up the parents to the SCORM 1.2 API, and maps element names to 1.2’s', () => {
    const api = api12();
    const top: Record<string, unknown> = { API: api };
    top.parent = top;
    const middle = { parent: top };
    const lms = connectToLms({ parent: middle });
    expect(lms?.version).toBe('1.2');
    expect(lms?.get('learner_id')).toBe('learner-1');
    lms?.set('lesson_status', 'passed');
    expect(api.LMSSetValue).toHaveBeenCalledWith('cmi.core.lesson_status', 'passed');
    // SCORM 1.2 has no separate success status: nothing is sent for it.
    lms?.set('success_status', 'passed');
    expect(api.LMSSetValue).toHaveBeenCalledTimes(1);
  });

  it('prefers SCORM 2004, looks in the opener when no parent has it, and stops at a parent on another origin', () => {
    const opener: Record<string, unknown> = { API_1484_11: api2004(), API: api12() };
    opener.parent = opener;
    expect(connectToLms({ opener })?.version).toBe('2004');
    const foreign = new Proxy(
      {},
      {
        get() {
          throw new DOMException('Blocked a frame with origin', 'SecurityError');
        },
      },
    );
    expect(connectToLms({ parent: foreign })).toBeNull();
  });

  it('finds nothing outside an LMS, or when the LMS refuses to initialize', () => {
    const plain: Record<string, unknown> = {};
    plain.parent = plain;
    expect(connectToLms(plain)).toBeNull();
    const refusing = { ...api12(), LMSInitialize: () => 'false' };
    const top: Record<string, unknown> = { API: refusing };
    top.parent = top;
    expect(connectToLms(top)).toBeNull();
  });

  it('looks no further than seven parents up: found at the seventh, not at the eighth', () => {
    const framedAt = (levels: number) => {
      const api = api12();
      let window: Record<string, unknown> = { API: api };
      window.parent = window;
      for (let level = 0; level < levels; level++) window = { parent: window };
      return window;
    };
    expect(connectToLms(framedAt(7))?.version).toBe('1.2');
    expect(connectToLms(framedAt(8))).toBeNull();
  });

  it('calls each version’s commit and finish, with the empty string SCORM asks for', () => {
    const api = api12();
    const top: Record<string, unknown> = { API: api };
    top.parent = top;
    const lms = connectToLms(top)!;
    lms.commit();
    lms.finish();
    expect(api.LMSCommit).toHaveBeenCalledExactlyOnceWith('');
    expect(api.LMSFinish).toHaveBeenCalledExactlyOnceWith('');
    // An element 1.2 does not have reads as empty, without asking the LMS.
    expect(lms.get('success_status')).toBe('');
    expect(api.LMSGetValue).not.toHaveBeenCalled();
    const runtime2004 = api2004();
    const top2004: Record<string, unknown> = { API_1484_11: runtime2004 };
    top2004.parent = top2004;
    const lms2004 = connectToLms(top2004)!;
    expect(lms2004.get('learner_id')).toBe('learner-2');
    expect(runtime2004.GetValue).toHaveBeenCalledWith('cmi.learner_id');
    // 2004 has no single lesson status: nothing is sent for it, and nothing read.
    lms2004.set('lesson_status', 'passed');
    expect(runtime2004.SetValue).not.toHaveBeenCalled();
    expect(lms2004.get('lesson_status')).toBe('');
    lms2004.set('success_status', 'passed');
    expect(runtime2004.SetValue).toHaveBeenCalledExactlyOnceWith('cmi.success_status', 'passed');
    lms2004.commit();
    lms2004.finish();
    expect(runtime2004.Commit).toHaveBeenCalledExactlyOnceWith('');
    expect(runtime2004.Terminate).toHaveBeenCalledExactlyOnceWith('');
  });
});

describe('learner storage', () => {
  it('keeps two learners on one computer apart', () => {
    localStorage.clear();
    const first = learnerStorage(localStorage, 'learner-1');
    const second = learnerStorage(localStorage, 'learner 2');
    first.setItem('lockstep:progress', 'one');
    expect(second.getItem('lockstep:progress')).toBeNull();
    second.setItem('lockstep:progress', 'two');
    expect(first.getItem('lockstep:progress')).toBe('one');
    expect([first.length, first.key(0)]).toEqual([1, 'lockstep:progress']);
    first.clear();
    expect(second.getItem('lockstep:progress')).toBe('two');
    localStorage.clear();
  });

  it('sees only its own keys, removes one at a time, and clears only its own', () => {
    localStorage.clear();
    localStorage.setItem('lockstep:theme', 'dark');
    const learner = learnerStorage(localStorage, 'learner-1');
    learner.setItem('draft:a', 'one');
    learner.setItem('draft:b', 'two');
    expect(learner.length).toBe(2);
    expect([learner.key(0), learner.key(1)].sort()).toEqual(['draft:a', 'draft:b']);
    expect(learner.key(2)).toBeNull();
    learner.removeItem('draft:a');
    expect(learner.getItem('draft:a')).toBeNull();
    expect(learner.getItem('draft:b')).toBe('two');
    learner.clear();
    expect(learner.length).toBe(0);
    expect(localStorage.length).toBe(1);
    expect(localStorage.getItem('lockstep:theme')).toBe('dark');
    localStorage.clear();
  });
});
