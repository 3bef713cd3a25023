/**
 * The projected presenter and the speaker's own window talk over one BroadcastChannel: each says where it is
 * when it moves, and follows the other. Windows of one origin share it; an embed or a browser without it gets none.
 */
export type PresenterMessage =
  | { readonly kind: 'place'; readonly cursor: number; readonly fencing: boolean }
  /** A speaker window that has just opened asks where the presentation is. */
  | { readonly kind: 'hello' };

const NAME = 'lockstep-presenter';

/** Not in a frame (the projected window of an embed has no speaker window), and not without the API. */
export const presenterChannelAvailable = () => typeof BroadcastChannel !== 'undefined' && window.self === window.top;

export function presenterChannel(): BroadcastChannel | null {
  return presenterChannelAvailable() ? new BroadcastChannel(NAME) : null;
}

/** A message from the other window, if it is one of ours. */
export function readPresenterMessage(data: unknown): PresenterMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const message = data as Record<string, unknown>;
  if (message.kind === 'hello') return { kind: 'hello' };
  if (message.kind === 'place' && Number.isInteger(message.cursor) && typeof message.fencing === 'boolean')
    return { kind: 'place', cursor: message.cursor as number, fencing: message.fencing };
  return null;
}
