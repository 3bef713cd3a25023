import type { ReactNode } from 'react';
import WalkthroughToolbar from './walkthrough-toolbar';

/** What sits under the diagram: the sharing and classroom tools, then what the page adds. Loaded after the first view. */
export default function BelowStage({
  onPresent,
  extras,
  authorTools,
}: {
  onPresent?: () => void;
  extras?: ReactNode;
  authorTools: boolean;
}) {
  return (
    <>
      <WalkthroughToolbar {...(onPresent ? { onPresent } : {})} authorTools={authorTools} />
      {extras}
    </>
  );
}
