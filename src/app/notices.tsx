import content from 'virtual:lockstep/content';
import { Suspense } from 'react';
import { useProgress, useProgressActions } from '@/progress/use-progress';
import { useWalkthrough, useWalkthroughActions } from '@/store/use-walkthrough';

/**
 * Explains input that could not be used as given (a link, stored progress); the page still works. A bad link
 * is explained at once; notices about saved progress join when the progress code has loaded.
 */
export function Notices() {
  return (
    <Suspense fallback={<NoticeBox progress={null} />}>
      <NoticesWithProgress />
    </Suspense>
  );
}

function NoticesWithProgress() {
  const notices = useProgress((state) => state.notices);
  const { dismissNotices } = useProgressActions();
  return <NoticeBox progress={{ notices, dismiss: dismissNotices }} />;
}

function NoticeBox({ progress }: { progress: { notices: readonly string[]; dismiss: () => void } | null }) {
  const linkNotices = useWalkthrough((state) => state.notices);
  const walkthrough = useWalkthroughActions();
  const notices = [...linkNotices, ...(progress?.notices ?? [])];
  if (notices.length === 0) return null;
  return (
    <div className="notice" role="status">
      <ul>
        {notices.map((notice) => (
          <li key={notice}>{notice}</li>
        ))}
      </ul>
      <button
        type="button"
        onClick={() => {
          walkthrough.dismissNotices();
          progress?.dismiss();
        }}
      >
        {content.controls.app.dismiss}
      </button>
    </div>
  );
}
