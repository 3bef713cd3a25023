import postgres from 'virtual:lockstep/postgres';
import { useEffect, useState } from 'react';
import { createPostgresEngine, type PostgresEngine } from './postgres-engine';

function newWorker() {
  return new Worker(new URL('./postgres.worker.ts', import.meta.url), { type: 'module', name: 'lockstep-postgres' });
}

/** The page's one Postgres, shared by the panel under the walkthrough and the fence exercise: one PGlite a tab. */
let shared: PostgresEngine | null = null;
/** The parts of the page that hold it; the last to go closes it. */
let holders = 0;

/** The page's engine, made on first use: its worker starts only when a part asks Postgres to start. */
export function pageEngine(): PostgresEngine {
  shared ??= createPostgresEngine(newWorker, {
    createTable: postgres.createTable,
    insertRow: postgres.insertRow,
    // The console's row starts as the story does, so the ready-made statements mean something.
    seed: ['go.shop.example', 'serial 1000', 32],
  });
  return shared;
}

/**
 * The page's engine as one part of the page holds it: null until the part takes it (when the learner asks for
 * Postgres), then held while the part is mounted. Once no part holds it, its worker is ended, and the next part to
 * take it starts afresh.
 */
export function usePageEngine(): { engine: PostgresEngine | null; take: () => PostgresEngine } {
  const [engine, setEngine] = useState<PostgresEngine | null>(null);
  useEffect(() => {
    if (!engine) return;
    holders += 1;
    return () => {
      holders -= 1;
      if (holders > 0) return;
      engine.close();
      if (shared === engine) shared = null;
    };
  }, [engine]);
  const take = () => {
    const taken = pageEngine();
    setEngine(taken);
    return taken;
  };
  return { engine, take };
}
