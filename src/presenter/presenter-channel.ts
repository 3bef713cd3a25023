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
  /** The projected screen blanked or shown, from either window. */
  | { readonly kind: 'blank'; readonly blank: boolean }
  /** What is revealed on the projected screen (`step 6`, `question 2`), or nothing, from either window. */
  | { readonly kind: 'reveal'; readonly revealedOn: string | null };

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
  if (message.kind === 'blank' && typeof message.blank === 'boolean') return { kind: 'blank', blank: message.blank };
  if (message.kind === 'reveal' && (message.revealedOn === null || typeof message.revealedOn === 'string'))
    return { kind: 'reveal', revealedOn: message.revealedOn };
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
