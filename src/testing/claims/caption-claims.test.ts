import content from 'virtual:lockstep/content';
import { describe, expect, it } from 'vitest';
import { runScenario, type Frame, type Timeline } from '@/sim/run';
import { CAPTION_CLAIMS, type Claim } from './caption-claims';
import { claimHolds } from './claim-holds';
import { CAPTION_VARIABLES } from '../../content/caption-keys';

const story = content.scenarios[0]!;

/** The n-th frame of a kind, by renewer or lease holder. */
function frameOf(timeline: Timeline, kind: Frame['happening']['kind'], who: string): Frame {
  const frame = timeline.frames.find(
    ({ happening }) =>
      happening.kind === kind &&
      (('renewer' in happening && happening.renewer === who) ||
        (happening.kind === 'leaseExpired' && happening.lease.holder === who)),
  );
  if (!frame) throw new Error(`no ${kind} of ${who}`);
  return frame;
}

const facts = (frame: Frame, timeline: Timeline, claims: Claim['fact'][]) =>
  Object.fromEntries(claims.map((fact) => [fact, claimHolds({ fact } as Claim, frame, timeline)]));

describe('claims are judged against the frame', () => {
  const unfenced = runScenario(story, { fencing: false });
  const fenced = runScenario(story, { fencing: true });

  it("at A's lease expiry in the story: A is frozen, still believes it holds the lock, and the lock is free", () => {
    const frame = frameOf(unfenced, 'leaseExpired', 'A');
    expect(facts(frame, unfenced, ['frozen', 'running', 'believesHeld', 'believesNothing', 'lockFree'])).toEqual({
      frozen: true,
      running: false,
      believesHeld: true,
      believesNothing: false,
      lockFree: true,
    });
    expect(facts(frame, unfenced, ['endsTtlAfterGrant'])).toEqual({ endsTtlAfterGrant: true });
  });

  it("B's grant is news when read; A's stale write is older, landed and stale; B's was not", () => {
    const grant = frameOf(unfenced, 'leaseGranted', 'B');
    expect(facts(grant, unfenced, ['replyJustSent', 'replyWaited', 'grantStillRuns', 'carriesToken'])).toEqual({
      replyJustSent: true,
      replyWaited: false,
      grantStillRuns: true,
      carriesToken: true,
    });
    const stale = frameOf(unfenced, 'writeAnswered', 'A');
    expect(facts(stale, unfenced, ['writeLanded', 'writeStale', 'certIssuedBefore', 'certIssuedAfter'])).toEqual({
      writeLanded: true,
      writeStale: true,
      certIssuedBefore: true,
      certIssuedAfter: false,
    });
    const first = frameOf(unfenced, 'writeAnswered', 'B');
    expect(facts(first, unfenced, ['writeStale', 'writeNotStale'])).toEqual({ writeStale: false, writeNotStale: true });
  });

  it("with fencing, A's write is refused for a token below the fence, and the end says so", () => {
    const refused = frameOf(fenced, 'writeAnswered', 'A');
    expect(facts(refused, fenced, ['writeRefused', 'tokenBelowFence', 'writeLanded'])).toEqual({
      writeRefused: true,
      tokenBelowFence: true,
      writeLanded: false,
    });
    const end = fenced.frames.at(-1)!;
    expect(facts(end, fenced, ['runHadNoStaleWrite', 'aLowerTokenWasRefused', 'runHadStaleWrite'])).toEqual({
      runHadNoStaleWrite: true,
      aLowerTokenWasRefused: true,
      runHadStaleWrite: false,
    });
  });

  it('names the service the run uses', () => {
    const frame = unfenced.frames[1]!;
    expect(claimHolds({ fact: 'service', is: ['lesson'] }, frame, unfenced)).toBe(true);
    expect(claimHolds({ fact: 'service', is: ['redis', 'redlock'] }, frame, unfenced)).toBe(false);
  });

  it('every caption key declares its claims', () => {
    expect(Object.keys(CAPTION_CLAIMS).sort()).toEqual(Object.keys(CAPTION_VARIABLES).sort());
  });
});
