import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// A lazily loaded part can take seconds to import on a busy two-core laptop; findBy* waits 1 s by default.
configure({ asyncUtilTimeout: 15_000 });

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => cleanup());

// jsdom has <dialog> but not its modal methods; these do what a browser does that the tests can see.
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.open = false;
    this.dispatchEvent(new Event('close'));
  };
}

// jsdom does not scroll (it logs "not implemented"); the page's own scrolling is checked in the browser tests.
if (typeof window !== 'undefined') window.scrollBy = () => undefined;
