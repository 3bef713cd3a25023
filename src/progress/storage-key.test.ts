import { afterEach, describe, expect, it, vi } from 'vitest';
import { localStorageOrNull, progressToRead, STORAGE_KEY } from './storage-key';

/** Storage whose reads fail, as a full or blocked store's may. */
const failingStorage = {
  getItem: () => {
    throw new DOMException('denied', 'SecurityError');
  },
} as unknown as Storage;

describe('what the entry reads of storage before any of the page’s code has loaded', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    localStorage.clear();
  });

  it('is the browser’s storage when it can be touched', () => {
    expect(localStorageOrNull()).toBe(window.localStorage);
  });

  it('is no storage when touching it throws, as in a sandboxed frame, so a first visit waits for a move', () => {
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('The document is sandboxed', 'SecurityError');
    });
    expect(localStorageOrNull()).toBeNull();
    expect(progressToRead(localStorageOrNull())).toBe(false);
  });

  it('finds nothing to read on a first visit, and saved progress once there is some', () => {
    expect(progressToRead(localStorage)).toBe(false);
    localStorage.setItem(STORAGE_KEY, '{}');
    expect(progressToRead(localStorage)).toBe(true);
    // Another page's key is not progress.
    localStorage.clear();
    localStorage.setItem(`${STORAGE_KEY}-other`, '{}');
    expect(progressToRead(localStorage)).toBe(false);
  });

  it('has something to read when reading fails: the progress code explains that to the reader', () => {
    expect(progressToRead(failingStorage)).toBe(true);
  });
});
