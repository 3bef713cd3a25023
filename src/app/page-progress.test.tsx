import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { needLaterParts } from '@/components/load-when-needed';
import { saveProgress } from '@/progress/progress';
import { createProgressActions, createProgressStore } from '@/progress/progress-store';
import type { Route } from '@/route/route';
import { DEFAULT_EMBED_FRAME } from '@/route/route';
import { parseLabConfig } from '@/settings/lab-address';
import { memoryStorage } from '@/testing/render-walkthrough';
import { createFirstVisitStores, createPageStores, useShell } from './page-stores';

/** Whether `promise` has settled once the tasks already queued have run. */
async function settledSoon(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  for (let task = 0; task < 3; task += 1) await new Promise((resolve) => setTimeout(resolve, 0));
  return settled;
}

afterEach(() => {
  window.localStorage.clear();
  window.history.replaceState(null, '', '/');
});

// In a file of its own, the waiting case last: once the later parts are asked for, they stay asked for on this page,
// and a page that should not wait would then pass unnoticed.
describe('saved progress, read when the page needs it', () => {
  it('on the lesson with answers saved, reads them at once', async () => {
    saveProgress(window.localStorage, {
      quiz: {},
      interview: {},
      predictions: { 'stale-certificate:pause': 'yes' },
      exercises: {},
    });
    window.history.replaceState(null, '', '/?step=4');
    const { store } = await createPageStores(window).progress;
    expect(store.getState().predictions).toEqual({ 'stale-certificate:pause': 'yes' });
  });

  it('inside an LMS with nothing saved yet, reads at once: the course’s status is reported as the page opens', async () => {
    window.history.replaceState(null, '', '/index.html');
    const { store } = await createPageStores(window, { lms: { storage: memoryStorage() } }).progress;
    expect(store.getState().predictions).toEqual({});
  });

  it('on a first visit to the lesson, waits for the reader’s first move, which it needs nothing before', async () => {
    // The progress code already loaded: only the waiting can hold the answer back.
    await import('@/progress/progress-store');
    window.history.replaceState(null, '', '/');
    const { progress } = createPageStores(window);
    expect(await settledSoon(progress)).toBe(false);
    needLaterParts();
    const { store } = await progress;
    expect(store.getState().quiz).toEqual({});
  });
});

describe('the stores the build prerenders with', () => {
  const progressStore = createProgressStore(memoryStorage());
  const binding = { store: progressStore, actions: createProgressActions(progressStore) };

  it('open a fresh visit to the lesson at its first step, with the binding given', async () => {
    const stores = createFirstVisitStores(binding);
    expect(stores.shellStore.getState().route).toEqual({ page: 'lesson', place: null });
    expect(stores.walkthroughStore.getState()).toMatchObject({ cursor: 0, fencing: true, notices: [] });
    expect(stores.labProblems).toEqual([]);
    expect(await stores.progress).toBe(binding);
  });

  it('open the route given, and its page actions change nothing: the prerendered page is only read', () => {
    const route: Route = {
      page: 'embed',
      widget: 'walkthrough',
      questionId: null,
      parentOrigin: null,
      place: { cursor: 0, fencing: true },
      lab: parseLabConfig('').config,
      frame: DEFAULT_EMBED_FRAME,
    };
    const stores = createFirstVisitStores(binding, route);
    stores.shellActions.present();
    stores.shellActions.setLab({ ...route.lab, service: 'etcd' });
    stores.navigation.visitStep({ cursor: 9, fencing: false });
    expect(stores.shellStore.getState().route).toBe(route);
    expect(stores.walkthroughStore.getState()).toMatchObject({ cursor: 0, fencing: true });
  });
});

describe('useShell', () => {
  it('outside the page’s providers, says what it needs', () => {
    expect(() => renderHook(() => useShell())).toThrow('useShell needs <PageProviders>');
  });
});
