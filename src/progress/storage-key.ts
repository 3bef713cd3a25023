/** Where the reader's progress is saved. A module of its own, so the page can look for it without the progress code. */
export const STORAGE_KEY = 'lockstep:progress';

/** Storage can be switched off, or throw on access in a sandboxed frame; the page works without it. */
export function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * Whether the progress code has anything to read: saved progress, or storage that fails when read (the progress
 * code explains that). A first visit has neither, and nothing is saved before the reader moves.
 */
export function progressToRead(storage: Storage | null): boolean {
  try {
    return storage?.getItem(STORAGE_KEY) != null;
  } catch {
    return true;
  }
}
