import { RealPostgres } from './real-postgres/real-postgres';
import WalkthroughToolbar from './walkthrough-toolbar';

/** What sits under the diagram: the sharing and classroom tools, and real Postgres. Loaded after the first view. */
export default function BelowStage({ onPresent }: { onPresent?: () => void }) {
  return (
    <>
      <WalkthroughToolbar {...(onPresent ? { onPresent } : {})} />
      <RealPostgres />
    </>
  );
}
