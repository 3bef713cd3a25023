declare module 'virtual:lockstep/content' {
  import type { Content } from '@/content/types';

  const content: Content;
  export default content;
}

declare module 'virtual:lockstep/lesson' {
  import type { LessonContent } from '@/content/types';

  const lesson: LessonContent;
  export default lesson;
}

declare module 'virtual:lockstep/practice' {
  import type { PracticeContent } from '@/content/types';

  const practice: PracticeContent;
  export default practice;
}

declare module 'virtual:lockstep/presenter' {
  import type { PresenterContent } from '@/content/types';

  const presenter: PresenterContent;
  export default presenter;
}

declare module 'virtual:lockstep/lab' {
  import type { LabContent } from '@/content/types';

  const lab: LabContent;
  export default lab;
}

declare module 'virtual:lockstep/postgres' {
  import type { PostgresPageContent } from '@/content/types';

  const postgres: PostgresPageContent;
  export default postgres;
}
