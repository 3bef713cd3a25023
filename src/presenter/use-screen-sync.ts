import { useEffect, useRef } from 'react';
import { presenterChannel, readPresenterMessage, SCREEN_FIELDS, type ProjectedScreen } from './presenter-channel';

/**
 * Keeps the projected screen's blank, reveal and quiz question the same in both presenter windows: each change is
 * sent as the one field it changes, so a blank in one window and a reveal in the other, at once, both stand. A change
 * heard from the other window is not sent back. A speaker window that opens (its `hello`) is told every field.
 */
export function useScreenSync(screen: ProjectedScreen, follow: (change: Partial<ProjectedScreen>) => void) {
  const channel = useRef<BroadcastChannel | null>(null);
  // What was last heard from the other window, field by field, until this window shows it: then it is not sent back.
  const heard = useRef(new Map<keyof ProjectedScreen, unknown>());
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
        for (const field of SCREEN_FIELDS) opened.postMessage({ kind: 'screen', field, value: current.current[field] });
      } else if (message?.kind === 'screen') {
        // Already so here: nothing to follow, and nothing to keep from being sent back.
        if (message.value === current.current[message.field]) return;
        heard.current.set(message.field, message.value);
        followRef.current({ [message.field]: message.value });
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
    for (const field of SCREEN_FIELDS) {
      if (screen[field] === sent.current[field]) continue;
      const echo = heard.current.has(field) && heard.current.get(field) === screen[field];
      if (opened && !echo) opened.postMessage({ kind: 'screen', field, value: screen[field] });
      heard.current.delete(field);
    }
    sent.current = screen;
  }, [screen]);
}
