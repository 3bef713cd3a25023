/**
 * The projected presenter and the speaker's own window talk over one BroadcastChannel: each says where it is
 * when it moves, and follows the other. Windows of one origin share it; an embed or a browser without it gets none.
 */
export type PresenterMessage =
  | {
      readonly kind: 'place';
      readonly cursor: number;
      readonly fencing: boolean;
      /**
       * How many moves led here, and the window that made the last: the later place wins, and of two made at the
       * same moment (both presenters pressing at once), the same one in both windows, so they never end up swapped.
       */
      readonly moves: number;
      readonly from: string;
    }
  /** A speaker window that has just opened asks where the presentation is. */
  | { readonly kind: 'hello' }
  /** One field of what the projected screen shows besides the step, changed in either window. */
  | {
      readonly kind: 'screen';
      readonly field: keyof ProjectedScreen;
      readonly value: ProjectedScreen[keyof ProjectedScreen];
    };

/** What the projected screen shows besides the step and the fencing, which both windows keep the same. */
export interface ProjectedScreen {
  readonly blank: boolean;
  /** What is revealed on it (`step 6`, `question 2`), or nothing. */
  readonly revealedOn: string | null;
  /** The quiz question it shows after the last step (from 0), or null while it shows a step. */
  readonly question: number | null;
}

export const SCREEN_FIELDS = ['blank', 'revealedOn', 'question'] as const satisfies readonly (keyof ProjectedScreen)[];

/** Whether `value` is of the field's own type. */
const SCREEN_FIELD_OF: Record<keyof ProjectedScreen, (value: unknown) => boolean> = {
  blank: (value) => typeof value === 'boolean',
  revealedOn: (value) => value === null || typeof value === 'string',
  question: (value) => value === null || (Number.isInteger(value) && (value as number) >= 0),
};

const NAME = 'lockstep-presenter';

/** Not in a frame (the projected window of an embed has no speaker window), and not without the API. */
export const presenterChannelAvailable = () => typeof BroadcastChannel !== 'undefined' && window.self === window.top;

export function presenterChannel(): BroadcastChannel | null {
  return presenterChannelAvailable() ? new BroadcastChannel(NAME) : null;
}

/** Whether a place sent after `moves` moves by window `from` comes after this window's own. */
export function isLater(
  place: { readonly moves: number; readonly from: string },
  own: { readonly moves: number; readonly from: string },
): boolean {
  return place.moves > own.moves || (place.moves === own.moves && place.from > own.from);
}

/** A message from the other window, if it is one of ours. */
export function readPresenterMessage(data: unknown): PresenterMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const message = data as Record<string, unknown>;
  if (message.kind === 'hello') return { kind: 'hello' };
  if (message.kind === 'screen') {
    const field = SCREEN_FIELDS.find((known) => known === message.field);
    if (field && SCREEN_FIELD_OF[field](message.value))
      return { kind: 'screen', field, value: message.value as ProjectedScreen[typeof field] };
    return null;
  }
  if (
    message.kind === 'place' &&
    Number.isInteger(message.cursor) &&
    typeof message.fencing === 'boolean' &&
    Number.isInteger(message.moves) &&
    typeof message.from === 'string'
  )
    return {
      kind: 'place',
      cursor: message.cursor as number,
      fencing: message.fencing,
      moves: message.moves as number,
      from: message.from,
    };
  return null;
}
