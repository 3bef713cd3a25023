import { useEffect, useState } from 'react';
import { useHydrated } from '@/components/use-hydrated';
import { keepReadingPosition, restoreReadingPosition } from './reading-position';

/**
 * Keeps the reading position across a reload. Hydrating the prerendered lesson, the page is whole from the start,
 * so the position goes back at once; rendered fresh, the rest of the lesson puts it back once it has arrived.
 */
export function KeepReadingPosition() {
  const hydrated = useHydrated();
  const [fromMarkup] = useState(!hydrated);
  useEffect(() => {
    if (fromMarkup) restoreReadingPosition();
    return keepReadingPosition();
  }, [fromMarkup]);
  return null;
}
