import { createLabStore, selectLabTimeline } from '@/lab/lab-store';
import { parseLabConfig } from '@/settings/lab-address';

/** The lab's run for an address's query (`?service=redlock`), as the lab page would show it, with its settings. */
export function labRun(search: string) {
  const { config, problems } = parseLabConfig(search);
  return { config, timeline: selectLabTimeline(createLabStore(config, problems).getState()) };
}

/** The lab's timeline for an address's query. */
export const labTimeline = (search: string) => labRun(search).timeline;
