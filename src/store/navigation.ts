import { createContext, useContext } from 'react';
import type { WalkthroughPlace } from '@/route/route';

/**
 * How a link inside the page moves the walkthrough. The app shell makes it a visit: a new history entry, so the
 * browser's Back returns the reader to where they were reading.
 */
export interface Navigation {
  readonly visitStep: (place: WalkthroughPlace) => void;
}

export const NavigationContext = createContext<Navigation | null>(null);

export function useNavigation(): Navigation | null {
  return useContext(NavigationContext);
}
