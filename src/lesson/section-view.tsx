import type { ReactNode } from 'react';
import { Prose } from '@/components/prose';
import type { LessonSection } from '@/content/types';

/**
 * One lesson section: its Markdown, rendered at build time from content/lesson, with widgets slotted
 * in where the file says `::name::`. No user input ever reaches this HTML.
 */
export function SectionView({ section, widgets }: { section: LessonSection; widgets: Record<string, ReactNode> }) {
  return (
    <section className="lesson-section" aria-labelledby={section.id}>
      {section.segments.map((segment, index) =>
        segment.kind === 'html' ? (
          <Prose key={index} html={segment.html} />
        ) : (
          <div key={index} className="widget-slot">
            {widgets[segment.widget]}
          </div>
        ),
      )}
    </section>
  );
}
