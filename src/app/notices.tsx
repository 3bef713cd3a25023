import { useWalkthrough, useWalkthroughActions } from '@/store/use-walkthrough';

/** Explains input that could not be used as given; the page still opens in a valid state. */
export function Notices() {
  const notices = useWalkthrough((state) => state.notices);
  const { dismissNotices } = useWalkthroughActions();
  if (notices.length === 0) return null;
  return (
    <div className="notice" role="status">
      <ul>
        {notices.map((notice) => (
          <li key={notice}>{notice}</li>
        ))}
      </ul>
      <button type="button" onClick={dismissNotices}>
        Dismiss
      </button>
    </div>
  );
}
