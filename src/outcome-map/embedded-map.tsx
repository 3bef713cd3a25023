import { useEffect, useState } from 'react';
import { labPageUrl } from '@/route/share-links';
import type { LabConfig } from '@/settings/lab-config';
import type { FieldProblem } from '@/settings/lab-address';
import { OutcomeMap } from './outcome-map-view';

/**
 * The outcome map alone (embed.html?widget=map&…): its service and axes kept in the frame's address, each map drawn
 * reported to the host, and a cell's run opened in the full lab in a new tab, so the course page stays where it is.
 */
export default function EmbeddedMap({
  compact,
  authorTools,
  initial,
  problems,
  onChange,
  onDrawn,
}: {
  /** One map at a time with a switch (the default, for a course column); `layout=full` keeps them side by side. */
  compact: boolean;
  authorTools: boolean;
  initial: LabConfig;
  problems: readonly FieldProblem[];
  onChange: (config: LabConfig) => void;
  onDrawn: (config: LabConfig) => void;
}) {
  const [config, setConfig] = useState(initial);
  useEffect(() => onChange(config), [config, onChange]);
  return (
    <OutcomeMap
      config={config}
      problems={problems}
      allProblems
      oneAtATime={compact}
      authorTools={authorTools}
      onConfigChange={setConfig}
      onDrawn={onDrawn}
      onOpen={(cell) => window.open(labPageUrl(window.location.href, cell), '_blank', 'noopener')}
    />
  );
}
