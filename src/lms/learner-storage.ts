/**
 * The browser's storage as seen by one LMS learner: classroom computers share an origin, so what the page keeps
 * locally (interview drafts, answers between commits) is filed under the learner's id.
 */
export function learnerStorage(storage: Storage, learnerId: string): Storage {
  const prefix = `lockstep:learner:${encodeURIComponent(learnerId)}:`;
  const own = () =>
    Array.from({ length: storage.length }, (_, index) => storage.key(index)).filter(
      (key): key is string => key !== null && key.startsWith(prefix),
    );
  return {
    get length() {
      return own().length;
    },
    key: (index) => own()[index]?.slice(prefix.length) ?? null,
    getItem: (key) => storage.getItem(prefix + key),
    setItem: (key, value) => storage.setItem(prefix + key, value),
    removeItem: (key) => storage.removeItem(prefix + key),
    clear: () => own().forEach((key) => storage.removeItem(key)),
  };
}
