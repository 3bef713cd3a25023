import postgres from 'virtual:lockstep/postgres';
import { fillTemplate } from '@/content/fill-template';
import styles from './real-postgres.module.css';

/** In a course package, in place of the in-page Postgres: where the real thing runs. */
export default function PackagedNote({ site }: { site: string }) {
  const [before, after] = fillTemplate(postgres.panel.packaged, { site: '\u0000' }).split('\u0000');
  return (
    <section className={styles.realPostgres} aria-labelledby="real-postgres-heading">
      <h4 id="real-postgres-heading">{postgres.labels.packaged.title}</h4>
      <p>
        {before}
        <a href={site} target="_blank" rel="noopener">
          {site}
        </a>
        {after}
      </p>
    </section>
  );
}

/** In a course package, in place of the fence exercise: it needs the in-page Postgres, so it links to the site. */
export function PackagedExercise({ site }: { site: string }) {
  const [before, after] = fillTemplate(postgres.exercise.result.packaged, { site: '\u0000' }).split('\u0000');
  return (
    <p>
      {before}
      <a href={`${site}#${postgres.exercise.id}`} target="_blank" rel="noopener">
        {site}
      </a>
      {after}
    </p>
  );
}
