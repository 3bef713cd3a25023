import { useEffect, useRef } from 'react';
import { presenterChannel, readPresenterMessage } from './presenter-channel';

/** What the projected screen shows besides the step: blanked, and what has been revealed on it. */
export interface ProjectedScreen {
  readonly blank: boolean;
  readonly revealedOn: string | null;
}

/**
 * Keeps the projected screen's blank and reveal the same in both presenter windows: each change is sent as the one
 * field it changes, so a blank in one window and a reveal in the other, at once, both stand. A change heard from the
 * other window is not sent back. A speaker window that opens (its `hello`) is told both.
 */
export function useScreenSync(screen: ProjectedScreen, follow: (change: Partial<ProjectedScreen>) => void) {
  const channel = useRef<BroadcastChannel | null>(null);
  // What was last heard from the other window, field by field, until this window shows it: then it is not sent back.
  const heardBlank = useRef<boolean | undefined>(undefined);
  const heardReveal = useRef<string | null | undefined>(undefined);
  const current = useRef(screen);
  const followRef = useRef(follow);
  // The latest screen and follower, for the channel's listener, which is set up once.
  useEffect(() => {
    current.current = screen;
    followRef.current = follow;
  });

  useEffect(() => {
    const opened = presenterChannel();
    if (!opened) return;
    channel.current = opened;
    const onMessage = (event: MessageEvent) => {
      const message = readPresenterMessage(event.data);
      if (message?.kind === 'hello') {
        opened.postMessage({ kind: 'blank', blank: current.current.blank });
        opened.postMessage({ kind: 'reveal', revealedOn: current.current.revealedOn });
      } else if (message?.kind === 'blank') {
        // Already so here: nothing to follow, and nothing to keep from being sent back.
        if (message.blank === current.current.blank) return;
        heardBlank.current = message.blank;
        followRef.current({ blank: message.blank });
      } else if (message?.kind === 'reveal') {
        if (message.revealedOn === current.current.revealedOn) return;
        heardReveal.current = message.revealedOn;
        followRef.current({ revealedOn: message.revealedOn });
      }
    };
    opened.addEventListener('message', onMessage);
    return () => {
      opened.close();
      channel.current = null;
    };
  }, []);

  const sent = useRef(screen);
  useEffect(() => {
    const opened = channel.current;
    if (screen.blank !== sent.current.blank) {
      if (opened && heardBlank.current !== screen.blank) opened.postMessage({ kind: 'blank', blank: screen.blank });
      heardBlank.current = undefined;
    }
    if (screen.revealedOn !== sent.current.revealedOn) {
      if (opened && heardReveal.current !== screen.revealedOn)
        opened.postMessage({ kind: 'reveal', revealedOn: screen.revealedOn });
      heardReveal.current = undefined;
    }
    sent.current = screen;
  }, [screen]);
}
