import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { z } from 'zod';
import { serializeRoute } from '../../route/route.ts';
import { captionKeyOf } from '../caption-key-of.ts';
import { WALKTHROUGH_CAPTION_KEYS } from '../caption-keys.ts';
import { runScenario } from '../../sim/run.ts';
import { WIDGETS, renderMarkdown, type Heading } from './markdown.ts';
import { captionsSchema } from './schemas/captions.ts';
import { describeIssues } from './schemas/common.ts';
import { exerciseSchema } from './schemas/exercise.ts';
import { exerciseHeadingProblems, exerciseMistakesHtml } from './exercise-checks.ts';
import { interviewSchema } from './schemas/interview.ts';
import { labCaptionsSchema } from './schemas/lab-captions.ts';
import { labFieldsSchema } from './schemas/lab-fields.ts';
import { presetConfig } from '../../settings/lab-config.ts';
import { notesSchema } from './schemas/notes.ts';
import { noticesSchema } from './schemas/notices.ts';
import { panelsSchema } from './schemas/panels.ts';
import { controlsSchema } from './schemas/controls.ts';
import { presenterLabelsSchema } from './schemas/presenter-labels.ts';
import { practiceLabelsSchema } from './schemas/practice-labels.ts';
import { postgresLabelsSchema } from './schemas/postgres-labels.ts';
import { postgresSchema } from './schemas/postgres.ts';
import { predictionSchema } from './schemas/prediction.ts';
import { endCardSchema } from './schemas/end-card.ts';
import { presetsSchema } from './schemas/presets.ts';
import { quizSchema } from './schemas/quiz.ts';
import { scenarioSchema, type ScenarioContent } from './schemas/scenario.ts';
import { sourcesSchema } from './schemas/sources.ts';
import type {
  Content,
  LabContent,
  PostgresPageContent,
  LessonContent,
  LessonSection,
  PracticeContent,
  PresenterContent,
} from '../types';
import { citationProblems, checkInternalLink } from './lesson-checks.ts';

/** Thrown when any content file is broken; its message lists every problem, one per line. */
export class ContentError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Content is invalid:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ContentError';
  }
}

export interface LoadedContent {
  readonly content: Content;
  readonly lesson: LessonContent;
  readonly practice: PracticeContent;
  readonly presenter: PresenterContent;
  readonly lab: LabContent;
  readonly postgres: PostgresPageContent;
  readonly files: readonly string[];
}

/** Ids the page itself provides, which lesson links and quiz answers may point at. */
const PAGE_ANCHORS = ['contents', 'walkthrough', 'quiz', 'interview'];
const LESSON_FILE = /^\d\d-([a-z0-9-]+)\.md$/;

/**
 * Reads and validates everything under `content/`, renders the Markdown, and checks that every
 * cross-reference resolves. Runs in Node at build time and in tests, never in the page.
 */
export function loadContent(contentDir: string): LoadedContent {
  const problems: string[] = [];
  const files: string[] = [];
  const label = (path: string) => `content/${relative(contentDir, path).replaceAll('\\', '/')}`;

  function readText(path: string): string | null {
    files.push(path);
    try {
      return readFileSync(path, 'utf8');
    } catch (error) {
      problems.push(`${label(path)}: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    }
  }

  function read<T>(path: string, schema: z.ZodType<T>): T | null {
    const raw = readText(path);
    if (raw === null) return null;
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch (error) {
      problems.push(`${label(path)}: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      problems.push(...describeIssues(label(path), parsed.error));
      return null;
    }
    return parsed.data;
  }

  const scenarioDir = join(contentDir, 'scenarios');
  const scenarios = readdirSync(scenarioDir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .flatMap((name) => {
      const path = join(scenarioDir, name);
      const scenario = read(path, scenarioSchema);
      if (scenario && `${scenario.id}.json` !== name) {
        problems.push(`${label(path)}: id: "${scenario.id}" does not match the file name`);
      }
      const runs = scenario ? [true, false].map((fencing) => runScenario(scenario, { fencing })) : [];
      if (runs.some((run) => !run.settled)) {
        problems.push(`${label(path)}: the scenario never finishes; check retryEveryMs against leaseTtlMs`);
      }
      // The first view carries only the walkthrough's captions; a step that needs the lab's would show its key.
      const labOnly = runs
        .flatMap((run) => run.frames.map((frame) => captionKeyOf(frame.happening)))
        .filter((key) => !(WALKTHROUGH_CAPTION_KEYS as readonly string[]).includes(key));
      if (labOnly.length > 0) {
        problems.push(`${label(path)}: reaches steps only the lab tells (${[...new Set(labOnly)].join(', ')})`);
      }
      return scenario ? [scenario] : [];
    });
  const captions = read(join(contentDir, 'walkthrough', 'captions.json'), captionsSchema);
  const prediction = read(join(contentDir, 'walkthrough', 'prediction.json'), predictionSchema);
  const endCard = read(join(contentDir, 'walkthrough', 'end-card.json'), endCardSchema);
  const sources = read(join(contentDir, 'sources.json'), sourcesSchema);
  const notes = read(join(contentDir, 'walkthrough', 'notes.json'), notesSchema);
  const presets = read(join(contentDir, 'lab', 'presets.json'), presetsSchema);
  const labCaptions = read(join(contentDir, 'lab', 'captions.json'), labCaptionsSchema);
  const labFields = read(join(contentDir, 'lab', 'fields.json'), labFieldsSchema);
  const postgres = read(join(contentDir, 'postgres', 'statements.json'), postgresSchema);
  const exercise = read(join(contentDir, 'postgres', 'exercise.json'), exerciseSchema);
  const panels = read(join(contentDir, 'ui', 'panels.json'), panelsSchema);
  const notices = read(join(contentDir, 'ui', 'notices.json'), noticesSchema);
  const controls = read(join(contentDir, 'ui', 'controls.json'), controlsSchema);
  const presenterLabels = read(join(contentDir, 'ui', 'presenter.json'), presenterLabelsSchema);
  const practiceLabels = read(join(contentDir, 'ui', 'practice.json'), practiceLabelsSchema);
  const postgresLabels = read(join(contentDir, 'ui', 'postgres.json'), postgresLabelsSchema);
  const quizPath = join(contentDir, 'practice', 'quiz.json');
  const quiz = read(quizPath, quizSchema);
  const interviewPath = join(contentDir, 'practice', 'interview.json');
  const interview = read(interviewPath, interviewSchema);

  const citable = new Map((sources?.sources ?? []).map((card) => [card.id, card]));
  const mistakesHtml = exerciseMistakesHtml(exercise, citable, sources !== null, problems);
  const lessonDir = join(contentDir, 'lesson');
  const headings: { file: string; heading: Heading }[] = [];
  const links: { file: string; href: string }[] = [];
  const sections: LessonSection[] = readdirSync(lessonDir)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .flatMap((name) => {
      const path = join(lessonDir, name);
      const id = LESSON_FILE.exec(name)?.[1];
      if (!id) {
        problems.push(`${label(path)}: file name must look like "01-section-id.md"`);
        return [];
      }
      const source = readText(path);
      if (source === null) return [];
      const rendered = renderMarkdown(source, { sectionId: id, sources: citable });
      if (sources) problems.push(...citationProblems(label(path), rendered, citable));
      const title = rendered.headings.find((heading) => heading.id === id)?.text;
      if (!title) problems.push(`${label(path)}: needs a "# Title" heading on its first line`);
      for (const segment of rendered.segments) {
        if (segment.kind !== 'widget' || (WIDGETS as readonly string[]).includes(segment.widget)) continue;
        // ::run-<preset id>:: places a small live run of a lab preset in the lesson.
        const run = /^run-(.+)$/.exec(segment.widget)?.[1];
        if (run === undefined)
          problems.push(
            `${label(path)}: ::${segment.widget}:: is not a widget; use one of ${WIDGETS.join(', ')}, or run-<lab preset id>`,
          );
        else if (presets && !presets.presets.some((preset) => preset.id === run))
          problems.push(`${label(path)}: ::${segment.widget}:: names no lab preset "${run}"`);
      }
      headings.push(...rendered.headings.map((heading) => ({ file: label(path), heading })));
      links.push(...rendered.links.map((href) => ({ file: label(path), href })));
      return [{ id, title: title ?? id, segments: rendered.segments }];
    });

  const anchors = new Set(PAGE_ANCHORS);
  for (const { file, heading } of headings) {
    if (anchors.has(heading.id)) problems.push(`${file}: heading id "${heading.id}" is used twice on the page`);
    anchors.add(heading.id);
  }
  problems.push(...exerciseHeadingProblems(exercise, headings));
  const opening = sections[0];
  if (opening && !opening.segments.some((segment) => segment.kind === 'widget' && segment.widget === 'walkthrough')) {
    problems.push(`content/lesson: the first section must hold ::walkthrough::, which is the first view`);
  }

  // Step links can only be checked against a scenario that loaded; a broken one is reported on its own.
  const seed = scenarios[0];
  const stepCount = (fencing: boolean) =>
    seed ? runScenario(seed, { fencing }).frames.length : Number.POSITIVE_INFINITY;
  for (const { file, href } of links) {
    const problem = checkInternalLink(href, anchors, stepCount, labFields);
    if (problem) problems.push(`${file}: link "${href}": ${problem}`);
  }
  endCard?.labLinks.forEach((link, index) => {
    if (presets && !presets.presets.some((preset) => preset.id === link.preset))
      problems.push(
        `content/walkthrough/end-card.json: labLinks[${index}].preset: "${link.preset}" is not a lab preset`,
      );
  });
  quiz?.questions.forEach((question, index) => {
    if (!anchors.has(question.section)) {
      problems.push(
        `${label(quizPath)}: questions[${index}].section: "${question.section}" is not a section or heading id`,
      );
    }
    if (question.link && 'step' in question.link) {
      const count = stepCount(question.link.fencing === 'on');
      if (question.link.step > count) {
        problems.push(`${label(quizPath)}: questions[${index}].link.step: the walkthrough has ${count} steps`);
      }
    }
  });

  if (
    problems.length > 0 ||
    !captions ||
    !prediction ||
    !endCard ||
    !notes ||
    !presets ||
    !labCaptions ||
    !labFields ||
    !postgres ||
    !exercise ||
    !panels ||
    !notices ||
    !controls ||
    !presenterLabels ||
    !practiceLabels ||
    !postgresLabels ||
    !sources ||
    !quiz ||
    !interview ||
    !opening
  ) {
    throw new ContentError(problems.length > 0 ? problems : ['content/lesson: no lesson sections found']);
  }
  return {
    content: {
      scenarios: scenarios satisfies ScenarioContent[],
      captions,
      toc: sections.map(({ id, title }) => ({ id, title })),
      opening,
      panels,
      notices,
      controls,
    },
    lesson: { sections: sections.slice(1), sources: sources.sources },
    practice: {
      quiz: quiz.questions,
      // Each lab link opens its preset's settings, written as the lab's own address.
      endCard: {
        ...endCard,
        labLinks: endCard.labLinks.map((link) => {
          const preset = presets.presets.find((candidate) => candidate.id === link.preset);
          return { ...link, href: serializeRoute({ page: 'lab', lab: presetConfig(preset?.config ?? {}) }) };
        }),
      },
      // The titles of the sections the questions send a learner to, for their "Read:" links (also in an embed).
      sectionTitles: Object.fromEntries(
        quiz.questions.map((question) => [
          question.section,
          sections.find((section) => section.id === question.section)?.title ??
            headings.find(({ heading }) => heading.id === question.section)?.heading.text ??
            question.section,
        ]),
      ),
      prediction,
      labels: practiceLabels,
      interview: interview.questions.map(({ modelAnswer, ...question }) => ({
        ...question,
        modelAnswerHtml: renderMarkdown(modelAnswer, { sources: citable })
          .segments.map((segment) => ('html' in segment ? segment.html : ''))
          .join(''),
      })),
    },
    presenter: { notes: notes.notes, speakerView: notes.speakerView, labels: presenterLabels },
    lab: { ...presets, captions: labCaptions.steps, fields: labFields },
    postgres: {
      ...postgres,
      sql: captions.sql,
      labels: postgresLabels,
      exercise: { ...exercise, mistakes: mistakesHtml },
    },
    files,
  };
}
