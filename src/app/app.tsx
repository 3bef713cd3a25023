import { HydrateWhenNear } from '@/components/hydrate-when-near';
import { SkipLink } from '@/components/skip-link';
import content from 'virtual:lockstep/content';
import { lazy, Suspense } from 'react';
import { KeepReadingPosition } from '@/lesson/keep-reading-position';
import { SectionView } from '@/lesson/section-view';
import { TableOfContents } from '@/lesson/table-of-contents';
import { Walkthrough } from '@/walkthrough/walkthrough';
import { realPostgres } from './feature-slots';
import { Notices } from './notices';
import { PageDrawn } from './page-ready';
import { useShell } from './page-stores';

const Presenter = lazy(() => import('./presenter-page'));
const SpeakerView = lazy(() => import('@/presenter/speaker-view'));
const LabWithMap = lazy(() => import('./lab-with-map'));

// Sections 2 onwards, with their widgets: prerendered text until the reader comes near them, then hydrated.
const restOfLesson = (
  <HydrateWhenNear
    load={() => import('./lesson-with-widgets')}
    fallback={<p className="loading">{content.controls.app.loadingRest}</p>}
  >
    {(RestOfLesson) => <RestOfLesson />}
  </HydrateWhenNear>
);

/** The site's shell: it shows the page the route names, and is the only part that changes the route. */
export function App() {
  const { route, actions, labProblems } = useShell();
  const present = () => {
    actions.present();
    document.documentElement.requestFullscreen?.().catch(() => undefined);
  };
  const exit = () => {
    actions.exitPresentation();
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
  };

  if (route.page === 'lab') {
    return (
      <Suspense fallback={<p className="loading">{content.controls.app.loadingLab}</p>}>
        <LabWithMap initial={route.lab} initialProblems={labProblems} onChange={actions.setLab} />
        <PageDrawn />
      </Suspense>
    );
  }
  if (route.page === 'present' && route.speaker) {
    return (
      <Suspense fallback={<p className="loading">{content.controls.app.loadingSpeakerView}</p>}>
        <SpeakerView />
        <PageDrawn />
      </Suspense>
    );
  }
  if (route.page === 'present') {
    return (
      <Suspense fallback={<p className="loading">{content.controls.app.loadingPresenter}</p>}>
        <main className="presenting">
          <Notices />
          <Presenter onExit={exit} />
        </main>
        <PageDrawn />
      </Suspense>
    );
  }
  return (
    <>
      <KeepReadingPosition />
      <SkipLink targetId="walkthrough-controls">{content.controls.app.skipToControls}</SkipLink>
      <header className="site-header">
        <p className="brand">{content.controls.app.brand}</p>
        {/* The page's title sits in the header's line, so the first screen's room goes to the picture. */}
        <h1 className="tagline">{content.controls.app.tagline}</h1>
      </header>
      <main>
        {/* The picture first: the story's lead, the walkthrough, then the longer introduction and the contents. */}
        <SectionView
          opening
          section={content.opening}
          widgets={{
            // A corrected link is explained beside the walkthrough it corrected, not a screen above it.
            walkthrough: <Walkthrough onPresent={present} extras={realPostgres} notices={<Notices />} />,
          }}
        />
        <TableOfContents />
        {restOfLesson}
      </main>
    </>
  );
}
