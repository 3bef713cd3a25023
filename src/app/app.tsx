import content from 'virtual:lockstep/content';
import { lazy, Suspense, useState } from 'react';
import { SectionView } from '@/lesson/section-view';
import { TableOfContents } from '@/lesson/table-of-contents';
import { Walkthrough } from '@/walkthrough/walkthrough';
import { Notices } from './notices';

const RestOfLesson = lazy(() => import('@/lesson/rest-of-lesson'));
const Presenter = lazy(() => import('@/presenter/presenter'));
const LabPage = lazy(() => import('@/lab/lab-page'));

/** Presenter mode is part of the address (`?present`), so a class can be sent straight into it. */
function setPresentInUrl(present: boolean) {
  const url = new URL(window.location.href);
  if (present) url.searchParams.set('present', '');
  else url.searchParams.delete('present');
  window.history.replaceState(
    window.history.state,
    '',
    url
      .toString()
      .replace('present=&', 'present&')
      .replace(/present=$/, 'present'),
  );
}

export function App() {
  const [presenting, setPresenting] = useState(() => new URLSearchParams(window.location.search).has('present'));
  const present = () => {
    setPresentInUrl(true);
    setPresenting(true);
    document.documentElement.requestFullscreen?.().catch(() => undefined);
  };
  const exit = () => {
    setPresentInUrl(false);
    setPresenting(false);
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
  };

  if (new URLSearchParams(window.location.search).has('lab')) {
    return (
      <Suspense fallback={<p className="loading">Loading the lock lab…</p>}>
        <LabPage />
      </Suspense>
    );
  }
  if (presenting) {
    return (
      <Suspense fallback={<p className="loading">Loading presenter mode…</p>}>
        <main className="presenting">
          <Presenter onExit={exit} />
        </main>
      </Suspense>
    );
  }
  return (
    <>
      <header className="site-header">
        <p className="brand">Lockstep</p>
        <p className="tagline">Distributed locks, leases and fencing tokens, one step at a time</p>
      </header>
      <main>
        <h1>Distributed locking, step by step</h1>
        <Notices />
        <TableOfContents />
        <SectionView section={content.opening} widgets={{ walkthrough: <Walkthrough onPresent={present} /> }} />
        <Suspense fallback={<p className="loading">Loading the rest of the lesson…</p>}>
          <RestOfLesson />
        </Suspense>
      </main>
    </>
  );
}
