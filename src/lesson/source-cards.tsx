import type { LessonContent } from '@/content/types';

type Source = LessonContent['sources'][number];

/** The lesson's sources: the accounts the story draws on as cards, then the documentation and code it cites. */
export function SourceCards({ sources }: { sources: LessonContent['sources'] }) {
  const accounts = sources.filter((source) => source.kind === 'account');
  const references = sources.filter((source) => source.kind === 'reference');
  return (
    <>
      <h3 id="sources-accounts">Accounts and arguments</h3>
      <ul className="source-cards" aria-labelledby="sources-accounts">
        {accounts.map((source) => (
          <li key={source.id} className="source-card">
            <p className="source-meta">
              {source.author}, {source.year}
            </p>
            <h4 id={`source-${source.id}`}>{source.title}</h4>
            <p>{source.summary}</p>
            {source.finding && (
              <p className="source-finding">
                <strong>What we found:</strong> {source.finding}
              </p>
            )}
            <SourceLink source={source} />
          </li>
        ))}
      </ul>
      <h3 id="sources-references">Documentation and source code</h3>
      <ul className="source-references" aria-labelledby="sources-references">
        {references.map((source) => (
          <li key={source.id} id={`source-${source.id}`} tabIndex={-1}>
            <strong>{source.cite}</strong>: <SourceLink source={source} text={source.title} />. {source.author},{' '}
            {source.year}. {source.summary}
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
      Read the source<span className="visually-hidden">: {source.title}</span>
    </a>
  );
}
