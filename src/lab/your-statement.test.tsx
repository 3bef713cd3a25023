import content from 'virtual:lockstep/content';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createProgressActions, createProgressStore } from '@/progress/progress-store';
import { ProgressContext } from '@/progress/use-progress';
import { DEFAULT_LAB_CONFIG } from '@/settings/lab-config';
import { ALL_MODELS } from '@/sim/all-models';
import { runScenario } from '@/sim/run';
import { memoryStorage } from '@/testing/render-walkthrough';
import { labRunSettings, labScenario } from '@/settings/lab-scenario';
import { YourStatement } from './your-statement';

// The lab's default evening with the table checking nothing: B writes with 34, then A's late write with 33.
const config = { ...DEFAULT_LAB_CONFIG, storage: 'unchecked' as const };
const timeline = runScenario(labScenario(content.scenarios[0]!, config), labRunSettings(config), ALL_MODELS);
const last = timeline.frames.length - 1;
const firstWrite = timeline.frames.findIndex((frame) => frame.world.writes.length === 1);

async function renderWith(
  saved: Parameters<ReturnType<typeof createProgressActions>['writeExercise']>[1] | null,
  step: number,
) {
  const store = createProgressStore(memoryStorage(), null);
  const actions = createProgressActions(store);
  if (saved) actions.writeExercise('write-the-fence', saved);
  await act(async () => {
    render(
      <ProgressContext.Provider value={{ store, actions }}>
        <YourStatement timeline={timeline} step={step} />
      </ProgressContext.Provider>,
    );
  });
}

describe("the lab's panel for the fence exercise", () => {
  it('invites a learner who has not checked a statement to write one', async () => {
    await renderWith(null, last);
    expect(screen.getByRole('link', { name: 'Write the fence yourself' })).toHaveAttribute(
      'href',
      './#write-the-fence',
    );
    expect(screen.queryByRole('list')).toBeNull();
  });

  it("shows the statement's row count beside each write made by the step, from the counts the check kept", async () => {
    const statement = 'UPDATE certificates SET cert = $2, fence = $3 WHERE domain = $1';
    await renderWith({ statement, verdict: 'failed', rows: { 'B:34:1002 A:33:1001': [1, 1] } }, firstWrite);
    expect(screen.getByText(statement)).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      "Renewer B's write with token 34: UPDATE 1",
    ]);
  });

  it('at the end, both writes; an upsert is answered as INSERT 0 n', async () => {
    const statement =
      '-- an upsert\n/* first */ insert into certificates VALUES ($1, $2, $3) ON CONFLICT (domain) DO NOTHING';
    await renderWith({ statement, verdict: 'failed', rows: { 'B:34:1002 A:33:1001': [1, 0] } }, last);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      "Renewer B's write with token 34: INSERT 0 1",
      "Renewer A's write with token 33: INSERT 0 0",
    ]);
  });

  it('says so when this run was not among the evenings checked, and before the first write', async () => {
    await renderWith(
      { statement: 'UPDATE certificates SET cert = $2', verdict: 'failed', rows: { 'A:33:1001': [1] } },
      last,
    );
    expect(screen.getByText(/^This run is not among the evenings/)).toBeInTheDocument();
  });

  it('before the first write, no counts yet', async () => {
    await renderWith({ statement: 'x', verdict: 'failed', rows: { 'B:34:1002 A:33:1001': [1, 1] } }, firstWrite - 1);
    expect(screen.getByText('No write yet at this step.')).toBeInTheDocument();
  });
});
