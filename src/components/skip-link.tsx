import type { MouseEvent } from 'react';

/**
 * The page's first Tab stop, shown only when focused: it moves focus to `targetId` (the walkthrough's controls),
 * so a keyboard user reaches Next without tabbing through the contents. The address stays as it was.
 */
export function SkipLink({ targetId, children }: { targetId: string; children: string }) {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(targetId);
    if (!target) return;
    event.preventDefault();
    target.focus();
  };
  return (
    <a className="skip-link" href={`#${targetId}`} onClick={skip}>
      {children}
    </a>
  );
}
