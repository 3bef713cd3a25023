// @vitest-environment node
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContent } from './build/load-content';

/*
 * The second expert read's corrections (shared/research/fidelity-review.md §1), each pinned to the words that
 * were wrong, so a later edit cannot bring one back unnoticed.
 */
const dir = resolve(import.meta.dirname, '../../content');
const section = (file: string) => readFileSync(resolve(dir, 'lesson', file), 'utf8');
const { lab, postgres, practice } = loadContent(dir);

describe('the second read’s corrections stay made', () => {
  it('§4: starting the lease count before sending is advice some clients follow, not how every client works', () => {
    const text = section('04-no-lock-is-enough.md');
    expect(text).not.toContain('The holder starts timing its lease before it sends the request');
    expect(text).toMatch(
      /etcd's Go client sets its lease deadline when the keep-alive reply arrives.*\[@etcd-client-lease\]/,
    );
  });

  it('the lab: etcd lease ids rise on each member, they are not random', () => {
    expect(lab.page.etcdAside).not.toMatch(/random/i);
    expect(lab.page.etcdAside).toContain('rise on each etcd member');
  });

  it('§9 and the quiz: Postgres advisory locks and MySQL GET_LOCK do detect deadlocks across locks', () => {
    expect(section('09-implementations.md')).not.toContain('no lock service watches for cycles');
    expect(section('09-implementations.md')).toContain('[@mysql-get-lock]');
    const explanations = practice.quiz.flatMap((question) =>
      question.kind === 'order' ? [] : question.options.map((option) => option.explanation),
    );
    expect(explanations).not.toContain('Lock services do not watch for cycles across different locks.');
  });

  it('§7: the zxid epoch is cited to ZooKeeper Internals, and Community Hazelcast has no CP Subsystem', () => {
    const text = section('07-where-tokens-come-from.md');
    expect(text).toMatch(/leader's epoch[^[]*\[@zookeeper-internals\]/);
    expect(text).toContain('[@hazelcast-5-5]');
    expect(text).not.toContain("the store's revision at the moment the lock came free");
  });

  it('§6: the upsert’s tag separates written from refused, not inserted from updated', () => {
    expect(section('06-the-check-in-postgres.md')).not.toContain('tells them apart only by its count');
  });

  it('the console: a failed transaction rejects commands until ROLLBACK or COMMIT ends it', () => {
    expect(postgres.panel.transactionFailed).not.toContain('ignores everything');
    expect(postgres.panel.transactionFailed).toContain('COMMIT');
  });

  it('§9: Chubby and five-node Redlock are not said to be checked against a real server', () => {
    expect(section('09-implementations.md')).not.toContain('Each model is checked against the real server');
  });
});
