import { z } from 'zod';
import { template, text } from './common.ts';

/** content/ui/notices.json. */
/** What the page says when a link asks for something it cannot show. */
export const noticesSchema = z
  .object({
    link: z
      .object({
        fencingUnknown: template(['value']),
        stepNotANumber: template(['value']),
        stepBelowOne: template(['step']),
        stepBeyondEnd: template(['step', 'count']),
        embedOptionUnknown: template(['name', 'value', 'expected', 'used']),
        /** For each embed option: the values it takes, and what the widget does instead of one it does not know. */
        embedOptions: z
          .object({
            layout: z.object({ expected: text, used: text }).strict(),
            height: z.object({ expected: template(['min', 'max']), used: text }).strict(),
            tools: z.object({ expected: text, used: text }).strict(),
            presets: z.object({ expected: text, used: text }).strict(),
          })
          .strict(),
      })
      .strict(),
    progress: z
      .object({
        unavailable: template([]),
        notJson: template([]),
        unreadable: template([]),
        unknownVersion: template(['version']),
        oneEntry: template([]),
        entries: template(['count']),
        setAside: template(['key']),
        notSetAside: template([]),
        restKept: template([]),
        notSaved: template([]),
      })
      .strict(),
    /** Said in an embed whose code asks for a widget or a question Lockstep does not have. */
    embed: z
      .object({ unknownWidget: template(['widget', 'widgets']), unknownQuestion: template(['id', 'ids']) })
      .strict(),
    /** Said in the shortcut settings when the learner presses a key no shortcut may take. */
    shortcuts: z.object({ reservedKey: template(['key']) }).strict(),
    /** Said when a new build's service worker is waiting to take over. */
    /** Inside an LMS (a SCORM package): its API failing, or its saved data unreadable. */
    lms: z.object({ failing: template([]), savedUnreadable: template([]) }).strict(),
    offline: z.object({ updateReady: template([]) }).strict(),
  })
  .strict();

export type NoticesContent = z.output<typeof noticesSchema>;
