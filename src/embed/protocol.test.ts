import { describe, expect, it } from 'vitest';
import { eventMessage, parseHostCommand, resizeMessage, resolveParentOrigin } from './protocol';

describe('embed protocol', () => {
  it('versions every outgoing message and rounds heights up', () => {
    expect(resizeMessage(640.2)).toEqual({ source: 'lockstep', version: 1, kind: 'resize', height: 641 });
    expect(eventMessage({ verb: 'answered', widget: 'quiz', questionId: 'q1', correct: true })).toEqual({
      source: 'lockstep',
      version: 1,
      kind: 'event',
      verb: 'answered',
      widget: 'quiz',
      questionId: 'q1',
      correct: true,
    });
  });

  it('reads the two host commands', () => {
    expect(parseHostCommand({ source: 'lockstep-host', version: 1, command: 'goToStep', step: 5 })).toEqual({
      command: 'goToStep',
      step: 5,
    });
    expect(parseHostCommand({ source: 'lockstep-host', version: 1, command: 'setFencing', fencing: 'off' })).toEqual({
      command: 'setFencing',
      fencing: false,
    });
  });

  it.each([
    ['a string', '<img src=x onerror=alert(1)>'],
    ['no source', { version: 1, command: 'goToStep', step: 2 }],
    ['another version', { source: 'lockstep-host', version: 2, command: 'goToStep', step: 2 }],
    ['an unknown command', { source: 'lockstep-host', version: 1, command: 'eval', code: 'alert(1)' }],
    ['a step that is not a whole number', { source: 'lockstep-host', version: 1, command: 'goToStep', step: '2' }],
    [
      'a fencing value that is neither',
      { source: 'lockstep-host', version: 1, command: 'setFencing', fencing: 'maybe' },
    ],
  ])('drops %s', (_, data) => {
    expect(parseHostCommand(data)).toBeNull();
  });

  it('talks only to the configured parent origin, else the referrer, else nobody', () => {
    expect(resolveParentOrigin('https://lms.example.edu', 'https://other.example/')).toBe('https://lms.example.edu');
    expect(resolveParentOrigin(null, 'https://course.example/week-3/locks.html')).toBe('https://course.example');
    expect(resolveParentOrigin('javascript:alert(1)', 'https://course.example/')).toBeNull();
    expect(resolveParentOrigin(null, '')).toBeNull();
  });

  it.each([
    [true, true],
    ['on', true],
    [false, false],
    ['off', false],
  ])('reads fencing %j as %s', (fencing, on) => {
    expect(parseHostCommand({ source: 'lockstep-host', version: 1, command: 'setFencing', fencing })).toEqual({
      command: 'setFencing',
      fencing: on,
    });
  });

  it.each([
    ['null', null],
    ['a number', 3],
    ['a step with a fraction', { source: 'lockstep-host', version: 1, command: 'goToStep', step: 2.5 }],
    ['a step command without a step', { source: 'lockstep-host', version: 1, command: 'goToStep' }],
    ['a version given as text', { source: 'lockstep-host', version: '1', command: 'goToStep', step: 2 }],
    ['a message from lockstep itself', { source: 'lockstep', version: 1, command: 'goToStep', step: 2 }],
  ])('drops %s', (_, data) => {
    expect(parseHostCommand(data)).toBeNull();
  });

  it('accepts only http and https origins, and a configured origin that is not one means nobody', () => {
    expect(resolveParentOrigin('http://localhost:8080/course', '')).toBe('http://localhost:8080');
    expect(resolveParentOrigin(null, 'http://intranet.example/page')).toBe('http://intranet.example');
    expect(resolveParentOrigin('ftp://files.example', '')).toBeNull();
    expect(resolveParentOrigin('not a url', '')).toBeNull();
    expect(resolveParentOrigin('', 'https://course.example/')).toBeNull();
    expect(resolveParentOrigin(null, 'file:///home/me/course.html')).toBeNull();
  });
});
