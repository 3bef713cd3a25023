/**
 * The browser's IntersectionObserver, played by hand: a test stubs the global with it (`vi.stubGlobal`) and says
 * whether the observed elements are on screen.
 */
export class HandObserver {
  static all: HandObserver[] = [];
  observed: Element[] = [];
  disconnected = false;
  constructor(readonly callback: IntersectionObserverCallback) {
    HandObserver.all.push(this);
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.disconnected = true;
  }
  /** Reports every observed element as on screen (`true`) or off it. */
  report(isIntersecting: boolean) {
    const entries = this.observed.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry);
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}
