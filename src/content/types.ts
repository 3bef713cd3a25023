import type { Segment } from './build/markdown';
import type { CaptionsContent } from './build/schemas/captions';
import type { InterviewContent } from './build/schemas/interview';
import type { ExerciseContent } from './build/schemas/exercise';
import type { LabCaptionsContent } from './build/schemas/lab-captions';
import type { LabFieldsContent } from './build/schemas/lab-fields';
import type { NotesContent } from './build/schemas/notes';
import type { NoticesContent } from './build/schemas/notices';
import type { PanelsContent } from './build/schemas/panels';
import type { ControlsContent } from './build/schemas/controls';
import type { PresenterLabelsContent } from './build/schemas/presenter-labels';
import type { PracticeLabelsContent } from './build/schemas/practice-labels';
import type { PostgresLabelsContent } from './build/schemas/postgres-labels';
import type { PostgresContent } from './build/schemas/postgres';
import type { PredictionContent } from './build/schemas/prediction';
import type { EndCardContent } from './build/schemas/end-card';
import type { PresetsContent } from './build/schemas/presets';
import type { QuizQuestion } from './build/schemas/quiz';
import type { ScenarioContent } from './build/schemas/scenario';
import type { SourcesContent } from './build/schemas/sources';

// The schemas' types the product reads, here so that nothing outside src/content reaches into its build code.
export type { CaptionsContent, QuizQuestion };
export type { QuizLink } from './build/schemas/quiz';
export type { PredictionId } from './build/schemas/prediction';

export interface LessonSection {
  readonly id: string;
  readonly title: string;
  readonly segments: readonly Segment[];
}

/** What the first view needs: the walkthrough's data, the table of contents and the opening section. */
export interface Content {
  readonly scenarios: readonly ScenarioContent[];
  readonly captions: CaptionsContent;
  readonly toc: readonly { readonly id: string; readonly title: string }[];
  readonly opening: LessonSection;
  /** The story panels' sentences (belief vs truth, the certificates table). */
  readonly panels: PanelsContent;
  /** What the page says about a link it could not follow as given. */
  readonly notices: NoticesContent;
  /** The first view's control labels, headings and loading notes. */
  readonly controls: ControlsContent;
}

/** The rest of the lesson, loaded after the first view. */
export interface LessonContent {
  readonly sections: readonly LessonSection[];
  readonly sources: SourcesContent['sources'];
}

export interface InterviewQuestion {
  readonly id: string;
  readonly prompt: string;
  readonly modelAnswerHtml: string;
  readonly rubric: InterviewContent['questions'][number]['rubric'];
}

/** Quiz and interview questions, loaded with the practice section. */
export interface PracticeContent {
  readonly quiz: readonly QuizQuestion[];
  /** Section or heading id → its title, for each section a question links to. */
  readonly sectionTitles: Readonly<Record<string, string>>;
  /** The walkthrough's predict-then-reveal questions. */
  readonly prediction: PredictionContent;
  /** What the walkthrough offers at its last step; each lab link with the lab address of its preset. */
  readonly endCard: Omit<EndCardContent, 'labLinks'> & {
    readonly labLinks: readonly (EndCardContent['labLinks'][number] & { readonly href: string })[];
  };
  readonly interview: readonly InterviewQuestion[];
  /** The quiz's, the interview's and the answer key's headings and control labels. */
  readonly labels: PracticeLabelsContent;
}

/** Speaker notes for presenter mode, one per kind of step. */
export interface PresenterContent {
  readonly notes: NotesContent['notes'];
  readonly speakerView: NotesContent['speakerView'];
  readonly labels: PresenterLabelsContent;
}

/** The lock lab's presets. */
export interface LabContent {
  readonly page: PresetsContent['page'];
  readonly map: PresetsContent['map'];
  readonly panels: PresetsContent['panels'];
  readonly labels: PresetsContent['labels'];
  readonly services: PresetsContent['services'];
  readonly resources: PresetsContent['resources'];
  readonly storage: PresetsContent['storage'];
  readonly pauseMoments: PresetsContent['pauseMoments'];
  readonly verdicts: PresetsContent['verdicts'];
  readonly reasons: PresetsContent['reasons'];
  readonly counts: PresetsContent['counts'];
  readonly staleWrite: PresetsContent['staleWrite'];
  readonly presets: PresetsContent['presets'];
  readonly captions: LabCaptionsContent['steps'];
  /** What the lab says about a setting it could not use. */
  readonly fields: LabFieldsContent;
}

/** The certificates table's SQL for the in-page Postgres: its DDL, the seed row, console examples, the writes. */
export interface PostgresPageContent extends PostgresContent {
  readonly sql: CaptionsContent['sql'];
  readonly labels: PostgresLabelsContent;
  /** The fence exercise, its mistakes' feedback rendered to HTML with citations. */
  readonly exercise: ExerciseContent;
}
