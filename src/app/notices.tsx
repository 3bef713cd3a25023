import { useProgress, useProgressActions } from '@/progress/use-progress';
import { useWalkthrough, useWalkthroughActions } from '@/store/use-walkthrough';

/** Explains input that could not be used as given (a link, stored progress); the page still works. */
export function Notices() {
  const linkNotices = useWalkthrough((state) => state.notices);
  const progressNotices = useProgress((state) => state.notices);
  const walkthrough = useWalkthroughActions();
  const progress = useProgressActions();
  const notices = [...linkNotices, ...progressNotices];
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
          progress.dismissNotices();
        }}
      >
        Dismiss
      </button>
    </div>
  );
}
