import { fillTemplate } from '@/content/fill-template';
import content from 'virtual:lockstep/content';
import type { LessonContent } from '@/content/types';
import styles from './lesson.module.css';

type Source = LessonContent['sources'][number];

/** The lesson's sources: the accounts the story draws on as cards, then the documentation and code it cites. */
export function SourceCards({ sources }: { sources: LessonContent['sources'] }) {
  const accounts = sources.filter((source) => source.kind === 'account');
  const references = sources.filter((source) => source.kind === 'reference');
  return (
    <>
      <h3 id="sources-accounts">{content.controls.lesson.accounts}</h3>
      <ul className={styles.sourceCards} aria-labelledby="sources-accounts">
        {accounts.map((source) => (
          <li key={source.id} className={styles.sourceCard}>
            <p className={styles.sourceMeta}>{`${source.author}, ${source.year}`}</p>
            <h4 id={`source-${source.id}`}>{source.title}</h4>
            <p>{source.summary}</p>
            {source.finding && (
              <p className={styles.sourceFinding}>
                <strong>{content.controls.lesson.found}</strong> {source.finding}
              </p>
            )}
            <SourceLink source={source} />
          </li>
        ))}
      </ul>
      <h3 id="sources-references">{content.controls.lesson.references}</h3>
      <ul className={styles.sourceReferences} aria-labelledby="sources-references">
        {references.map((source) => (
          <li key={source.id} id={`source-${source.id}`} tabIndex={-1}>
            {/* One text node each: React's separators between text parts cost prerendered bytes. */}
            <strong>{source.cite}</strong>: <SourceLink source={source} text={source.title} />
            {`. ${source.author}, ${source.year}. ${source.summary}`}
          </li>
        ))}
      </ul>
    </>
  );
}

function SourceLink({ source, text }: { source: Source; text?: string }) {
  return text ? (
    <a href={source.url} rel="noopener">
      {text}
    </a>
  ) : (
    <a href={source.url} rel="noopener">
      {content.controls.lesson.readSource}
      <span className="visually-hidden">
        {fillTemplate(content.controls.lesson.readSourceTitle, { title: source.title })}
      </span>
    </a>
  );
}
