import { z } from 'zod';
import { template, text } from './common.ts';

/**
 * content/ui/controls.json: the first view's control labels, headings and loading notes, grouped by the part of
 * the page that shows them. A translation of these words touches content/ only.
 */
export const controlsSchema = z
  .object({
    /** The page's frame: its title, the skip link, loading notes and the notices' buttons. */
    app: z
      .object({
        loadingLab: text,
        loadingSpeakerView: text,
        loadingPresenter: text,
        skipToControls: text,
        brand: text,
        tagline: text,
        loadingRest: text,
        loadingRun: text,
        loadingMap: text,
        loadingExercise: text,
        loadingQuiz: text,
        loadingInterview: text,
        /** Names a group of prerendered controls whose code has not arrived: a press is held until it has. */
        controlsLoading: text,
        /** Shown in place of the outcome map, for a reader without JavaScript. */
        mapNeedsScript: text,
        exerciseNeedsScript: text,
        dismiss: text,
        reload: text,
        /** In place of a part (or a page) whose code could not be fetched, with a Reload button. */
        codeGone: text,
        later: text,
      })
      .strict(),
    /** An embed's hidden heading and its way out to the whole lesson. */
    embed: z
      .object({
        quizTitle: text,
        mapTitle: text,
        walkthroughTitle: text,
        walkthroughHeading: text,
        openWhole: text,
      })
      .strict(),
    /** The walkthrough's toolbar, its printed frames, its text version and compare's sides. */
    walkthrough: z
      .object({
        loadingCompare: text,
        loadingTextVersion: text,
        toolbar: text,
        present: text,
        compare: text,
        downloadSvg: text,
        downloadPng: text,
        copyLink: text,
        copyEmbed: text,
        embedTitle: text,
        exportNeedsOneDiagram: text,
        exportFailed: text,
        framesLabel: text,
        printBeforeStart: text,
        frameTitle: template(['step', 'count', 'time', 'fencing']),
        otherEndingLabel: text,
        otherEnding: template(['fencing']),
        textVersionHeading: template(['count', 'fencing']),
        side: template(['fencing']),
        sideTable: template(['fencing']),
        on: text,
        off: text,
        heading: text,
      })
      .strict(),
    /** What a copy button says once it has copied, or where the browser refused. */
    copy: z
      .object({
        copied: template(['what']),
        manual: template(['what']),
        link: text,
        embedCode: text,
      })
      .strict(),
    /** Back, the step indicator, Next and the walkthrough's switches. */
    stepper: z
      .object({
        label: text,
        back: text,
        next: text,
        indicator: template(['step', 'count']),
        options: text,
        fencing: text,
        on: text,
        off: text,
        textVersion: text,
        goToEnd: text,
      })
      .strict(),
    /** Play, its speed and the time slider. */
    playback: z
      .object({
        label: text,
        play: text,
        pause: text,
        speed: text,
        virtualTime: text,
        valueText: template(['time', 'step', 'count']),
      })
      .strict(),
    /** The step's place, said before its caption to a screen reader. */
    caption: z
      .object({
        stepAt: template(['step', 'count']),
      })
      .strict(),
    /** The lock service panel. */
    lockService: z
      .object({
        heading: text,
        key: text,
        clock: text,
        holder: text,
        lease: text,
        nextToken: text,
        holderNoToken: template(['holder']),
        holderToken: template(['holder', 'token']),
        free: text,
        expires: template(['time', 'left']),
        none: text,
      })
      .strict(),
    /** The certificates table panel. */
    table: z
      .object({
        heading: text,
        domain: text,
        cert: text,
        fence: text,
        changed: text,
        fenced: text,
        unfenced: text,
        noToken: text,
      })
      .strict(),
    /** The belief-vs-truth panel. */
    renewers: z
      .object({
        heading: text,
        pausedUntil: template(['time']),
        mistaken: text,
        believes: text,
        inTruth: text,
        bothHold: template(['holders']),
        /** Between names in a list: "A and B". */
        and: text,
      })
      .strict(),
    /** The sequence diagram's labels and lifeline names. */
    diagram: z
      .object({
        time: text,
        scrolls: text,
        titled: template(['title']),
        label: template(['step', 'count', 'lifelines']),
        lockService: text,
        certificatesTable: text,
        mailSender: text,
      })
      .strict(),
    /** The time strip's row names and what each bar and mark says to a screen reader. */
    strip: z
      .object({
        majority: text,
        leases: text,
        lockService: text,
        validityShort: template(['holder']),
        validity: template(['holder']),
        writes: text,
        tableWrites: text,
        pausedShort: template(['holder']),
        leaseBar: template(['holder', 'from', 'to']),
        leaseBarToken: template(['holder', 'token', 'from', 'to']),
        validityBar: template(['holder', 'from', 'to']),
        keyBar: template(['holder', 'node', 'from', 'to']),
        pauseBar: template(['holder', 'from', 'to']),
        bothHoldBar: template(['holders', 'from', 'to']),
        accepted: template(['holder']),
        rejected: template(['holder']),
        stale: template(['holder']),
        expired: text,
        failover: text,
        jump: template(['node', 'by']),
      })
      .strict(),
    /** The contents and the sources' headings. */
    lesson: z
      .object({
        contents: text,
        accounts: text,
        found: text,
        references: text,
        readSource: text,
        readSourceTitle: template(['title']),
      })
      .strict(),
    /** The keyboard shortcuts dialog: its labels, each context's title and each action's name. */
    shortcuts: z
      .object({
        open: text,
        heading: text,
        enable: text,
        action: text,
        keys: text,
        change: text,
        none: text,
        pressFor: template(['action']),
        changeFor: template(['action']),
        listening: text,
        reset: text,
        done: text,
        contexts: z
          .object({
            reading: text,
            presenter: text,
          })
          .strict(),
        actions: z
          .object({
            reading: z
              .object({
                back: text,
                next: text,
                first: text,
                last: text,
                playPause: text,
              })
              .strict(),
            presenter: z
              .object({
                forward: text,
                backward: text,
                first: text,
                last: text,
                blank: text,
                notes: text,
                reveal: text,
                exit: text,
              })
              .strict(),
          })
          .strict(),
      })
      .strict(),
  })
  .strict();

export type ControlsContent = z.output<typeof controlsSchema>;
