import content from 'virtual:lockstep/content';

export function TableOfContents() {
  return (
    <nav className="toc" aria-labelledby="contents">
      <h2 id="contents">{content.controls.lesson.contents}</h2>
      <ol>
        {content.toc.map((entry) => (
          <li key={entry.id}>
            <a href={`#${entry.id}`}>{entry.title}</a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
