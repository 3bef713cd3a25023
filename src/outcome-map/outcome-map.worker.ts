import { answerMapRequest, type MapRequest, type SearchRequest, type SequencesRequest } from './outcome-map-requests';

/** The lab's maps and searches, off the page's thread. */
self.addEventListener('message', (event: MessageEvent<MapRequest | SearchRequest | SequencesRequest>) =>
  answerMapRequest(event.data, (reply, transfer) => self.postMessage(reply, { transfer })),
);
