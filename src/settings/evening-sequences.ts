import type { LabConfig, MapField } from './lab-config';

/**
 * The evenings the simulator can produce, reduced to what a renewer's statement sees of them: which renewer writes,
 * with which token and certificate, in which order. The lab's map worker computes them (src/outcome-map/write-sequences.ts);
 * the fence exercise judges a learner's statement on each distinct sequence once, and a map's cells take their
 * sequence's result.
 */

export interface SequenceWrite {
  readonly renewer: string;
  readonly token: number;
  /** The certificate's serial, in the story's words `serial 1001`. */
  readonly serial: number;
}
export type WriteSequence = readonly SequenceWrite[];

/** A sequence as a short key: `A:33:1001 B:34:1002`. The exercise keeps its row counts under it, the lab reads them. */
export const sequenceKey = (writes: readonly SequenceWrite[]): string =>
  writes.map(({ renewer, token, serial }) => `${renewer}:${token}:${serial}`).join(' ');

/** A cell whose run hit the event bound: it has no sequence, and no verdict. */
export const NO_SEQUENCE = -1;

/** A map axis: a setting and its values, left to right or bottom to top. */
export interface SequencedAxis {
  readonly field: MapField;
  readonly values: readonly number[];
}

export interface SequencedMap {
  readonly config: LabConfig;
  readonly x: SequencedAxis;
  readonly y: SequencedAxis;
  /** Each cell's index into the sequences, row by row (y outer, x inner), or NO_SEQUENCE. */
  readonly cells: Int32Array;
}

export interface EveningSequences {
  /** Every distinct sequence, first seen first. */
  readonly sequences: readonly WriteSequence[];
  /** Simulated runs made, each once: the lesson's map and the maps across services. */
  readonly runs: number;
  /** The lesson's map: its evening, the table checking nothing, TTL × pause. */
  readonly map: SequencedMap;
  /** Every token-issuing service, 2 and 3 renewers, TTL × pause and TTL × write delay: how many runs, which sequences. */
  readonly across: { readonly runs: number; readonly sequences: readonly number[] };
}
