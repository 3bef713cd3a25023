import content from 'virtual:lockstep/content';
import { useState } from 'react';
import { CopyButton } from '@/components/copy-button';
import { Toolbar, ToolbarProblem } from '@/components/toolbar';
import { iframeSnippet, stepLink, walkthroughEmbedUrl } from '@/route/share-links';
import { ShortcutSettings } from '@/shortcuts/shortcut-settings';
import { fillTemplate } from '@/content/fill-template';
import { selectCursor, selectTimeline } from '@/store/selectors';
import { formatTime } from '@/story/format';
import { narrationsFor } from '@/story/timeline-narrations';
import { useWalkthrough, useWalkthroughActions, useWalkthroughBinding } from '@/store/use-walkthrough';
import { known } from '@/sim/known';

/** Sharing, export and classroom tools for the walkthrough as it stands. */
export default function WalkthroughToolbar({
  onPresent,
  authorTools,
}: {
  onPresent?: () => void;
  /** Without them only Compare stays: an embed's learners need no copy, download or key settings. */
  authorTools: boolean;
}) {
  // The step is read when a tool is used, not subscribed to: a step need not re-render the toolbar.
  const { store } = useWalkthroughBinding();
  const compare = useWalkthrough((state) => state.compare);
  const { toggleCompare } = useWalkthroughActions();
  const [exportProblem, setExportProblem] = useState('');
  // Read when a link is copied: the toolbar is prerendered, where there is no address.
  const lessonPage = () => new URL('./', window.location.href).toString();
  const shown = () => {
    const state = store.getState();
    return { cursor: selectCursor(state), fencing: state.fencing };
  };

  /** What the page shows now, read from the page when exported: its drawings, and the step's words from the store. */
  const moment = () => {
    const diagram = document.querySelector<SVGSVGElement>('#walkthrough .stage .diagram > svg');
    if (!diagram) return null;
    const state = store.getState();
    const cursor = selectCursor(state);
    const timeline = selectTimeline(state);
    const step = { step: String(cursor + 1), count: String(timeline.frames.length) };
    return {
      heading: `${fillTemplate(content.controls.caption.stepAt, step)}${formatTime(known(timeline.frames[cursor]).at)}`,
      // Plain words: the backticks that mark code on the page are not drawn in a picture.
      caption: (narrationsFor(timeline)[cursor]?.caption ?? '').replaceAll('`', ''),
      strip: document.querySelector<SVGSVGElement>('#walkthrough .bar-strip > svg'),
      diagram,
    };
  };

  const exportAs = async (format: 'svg' | 'png') => {
    setExportProblem('');
    const shownNow = moment();
    if (!shownNow) return setExportProblem(content.controls.walkthrough.exportNeedsOneDiagram);
    try {
      // Export code loads only when someone exports.
      const { momentPngFile, momentSvgFile, download, exportFileName } = await import('./export-diagram');
      const file =
        format === 'svg'
          ? new Blob([await momentSvgFile(shownNow)], { type: 'image/svg+xml' })
          : await momentPngFile(shownNow);
      const { cursor, fencing } = shown();
      download(file, exportFileName(cursor + 1, fencing, format));
    } catch (error) {
      setExportProblem(error instanceof Error ? error.message : content.controls.walkthrough.exportFailed);
    }
  };

  return (
    <Toolbar label={content.controls.walkthrough.toolbar}>
      {onPresent && (
        <button type="button" onClick={onPresent}>
          {content.controls.walkthrough.present}
        </button>
      )}
      <button type="button" aria-pressed={compare} onClick={toggleCompare}>
        {content.controls.walkthrough.compare}
      </button>
      {authorTools && (
        <>
          <button type="button" onClick={() => void exportAs('svg')} disabled={compare}>
            {content.controls.walkthrough.downloadSvg}
          </button>
          <button type="button" onClick={() => void exportAs('png')} disabled={compare}>
            {content.controls.walkthrough.downloadPng}
          </button>
          <CopyButton
            label={content.controls.walkthrough.copyLink}
            text={() => stepLink(lessonPage(), shown())}
            what={content.controls.copy.link}
          />
          <CopyButton
            label={content.controls.walkthrough.copyEmbed}
            text={() =>
              iframeSnippet(walkthroughEmbedUrl(lessonPage(), shown()), content.controls.walkthrough.embedTitle)
            }
            what={content.controls.copy.embedCode}
          />
          <ShortcutSettings contexts={['reading', 'presenter']} />
          <ToolbarProblem>{exportProblem}</ToolbarProblem>
        </>
      )}
    </Toolbar>
  );
}
