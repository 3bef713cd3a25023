import content from 'virtual:lockstep/content';
import { lazy, Suspense } from 'react';
import { SectionView } from '@/lesson/section-view';
import { TableOfContents } from '@/lesson/table-of-contents';
import { Walkthrough } from '@/walkthrough/walkthrough';
import { Notices } from './notices';

const RestOfLesson = lazy(() => import('@/lesson/rest-of-lesson'));

export function App() {
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
        <SectionView section={content.opening} widgets={{ walkthrough: <Walkthrough /> }} />
        <Suspense fallback={<p className="loading">Loading the rest of the lesson…</p>}>
          <RestOfLesson />
        </Suspense>
      </main>
    </>
  );
}
