import type { LessonContent } from '@/content/types';

export function SourceCards({ sources }: { sources: LessonContent['sources'] }) {
  return (
    <ul className="source-cards">
      {sources.map((source) => (
        <li key={source.id} className="source-card">
          <p className="source-meta">
            {source.author}, {source.year}
          </p>
          <h3 id={`source-${source.id}`}>{source.title}</h3>
          <p>{source.summary}</p>
          <p className="source-finding">
            <strong>What we found:</strong> {source.finding}
          </p>
          <a href={source.url} rel="noopener">
            Read the source<span className="visually-hidden">: {source.title}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
