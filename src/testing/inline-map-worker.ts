import { answerMapRequest, type MapRequest, type SearchRequest } from '@/outcome-map/outcome-map-requests';

/**
 * The lab's map worker for jsdom, which has no Web Workers: a test stubs the global `Worker` with it, and each
 * request is answered on the test's own thread, after the current task as a worker's would be, with the worker's
 * own replies. A terminated worker answers nothing more.
 */
export class InlineMapWorker extends EventTarget {
  static all: InlineMapWorker[] = [];
  terminated = false;
  constructor(
    readonly url: URL | string,
    readonly options?: WorkerOptions,
  ) {
    super();
    InlineMapWorker.all.push(this);
  }
  postMessage(request: MapRequest | SearchRequest) {
    setTimeout(() => {
      if (this.terminated) return;
      answerMapRequest(request, (reply) => {
        if (!this.terminated) this.dispatchEvent(new MessageEvent('message', { data: reply }));
      });
    });
  }
  terminate() {
    this.terminated = true;
  }
}
