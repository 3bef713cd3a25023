import { useState } from 'react';
import { labPageUrl } from '@/route/share-links';
import { DEFAULT_LAB_CONFIG } from '@/settings/lab-config';
import { OutcomeMap } from './outcome-map-view';

/**
 * The outcome map in the lesson's fencing section: the lesson's own evening over every TTL and pause, with the
 * table checking nothing and checking tokens side by side. A cell opens its run in the lab.
 */
export default function InlineMap() {
  // The lesson's evening; the reader may switch the service or the axes here, and a cell opens the lab with them.
  const [config, setConfig] = useState(DEFAULT_LAB_CONFIG);
  return (
    <OutcomeMap
      config={config}
      onConfigChange={setConfig}
      headingLevel={3}
      onOpen={(config) => window.location.assign(labPageUrl(window.location.href, config))}
    />
  );
}
