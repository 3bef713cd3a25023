/** Where the reader's progress is saved. A module of its own, so the page can look for it without the progress code. */
export const STORAGE_KEY = 'lockstep:progress';

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
