import { useEffect, type RefObject } from 'react';
import { useWalkthroughActions } from '@/store/use-walkthrough';

/** Keys that step the walkthrough. Typing in a field, or a key with a modifier, is left alone. */
export function useStepKeys(scope: RefObject<HTMLElement | null>) {
  const actions = useWalkthroughActions();
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      const target = event.target instanceof HTMLElement ? event.target : null;
      const inScope = !target || target === document.body || scope.current?.contains(target);
      if (!inScope || target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      const action = {
        ArrowLeft: actions.back,
        ArrowRight: actions.next,
        Home: actions.goToFirst,
        End: actions.goToLast,
      }[event.key];
      if (!action) return;
      event.preventDefault();
      action();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [actions, scope]);
}
