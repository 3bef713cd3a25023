import { CopyButton } from '@/components/copy-button';
import { iframeSnippet, stepLink, walkthroughEmbedUrl } from '@/store/links';
import { selectCursor } from '@/store/selectors';
import { useWalkthrough } from '@/store/use-walkthrough';

/** Sharing and classroom tools for the walkthrough as it stands. */
export function WalkthroughToolbar() {
  const cursor = useWalkthrough(selectCursor);
  const fencing = useWalkthrough((state) => state.fencing);
  const lessonPage = new URL('./', window.location.href).toString();
  const state = { cursor, fencing };

  return (
    <div className="toolbar" role="group" aria-label="Share the walkthrough">
      <CopyButton label="Copy link to this step" text={stepLink(lessonPage, state)} what="link" />
      <CopyButton
        label="Copy embed code"
        text={iframeSnippet(
          walkthroughEmbedUrl(lessonPage, state),
          'Lockstep: a paused lock holder and fencing tokens',
        )}
        what="embed code"
      />
    </div>
  );
}
