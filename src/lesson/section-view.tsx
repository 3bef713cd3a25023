import type { ReactNode } from 'react';
import { Prose } from '@/components/prose';
import type { LessonSection } from '@/content/types';

/**
 * One lesson section: its Markdown, rendered at build time from content/lesson, with widgets slotted
 * in where the file says `::name::`. No user input ever reaches this HTML.
 */
export function SectionView({
  section,
  widgets,
  opening = false,
}: {
  section: LessonSection;
  widgets: Record<string, ReactNode>;
  /** The page's first section, whose heading sits right under the header. */
  opening?: boolean;
}) {
  return (
    <section className="lesson-section" aria-labelledby={section.id}>
      {section.segments.map((segment, index) =>
        segment.kind === 'html' ? (
          <Prose key={index} html={segment.html} opening={opening && index === 0} />
        ) : (
          <div key={index} className="widget-slot">
            {widgets[segment.widget]}
          </div>
        ),
      )}
    </section>
  );
}
