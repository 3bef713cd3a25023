import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import lab from 'virtual:lockstep/lab';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { parseLabConfig } from '@/settings/lab-address';
import { DEFAULT_LAB_CONFIG, presetConfig, type LabConfig } from '@/settings/lab-config';
import type { FieldProblem } from '@/settings/lab-address';
import { activePresetOf, LabSettings } from './lab-settings';

type Change = (config: LabConfig, problems?: readonly FieldProblem[]) => void;

/** The settings as the lab page holds them: each change is kept, and also reported to `spy`. */
function renderSettings(search = '', { showPresets = true } = {}) {
  const initial = parseLabConfig(search);
  const spy = vi.fn<Change>();
  const showRun = vi.fn();
  function Harness() {
    const [state, setState] = useState<{ config: LabConfig; problems: readonly FieldProblem[] }>(initial);
    return (
      <LabSettings
        config={state.config}
        problems={state.problems}
        showPresets={showPresets}
        showRun={showRun}
        change={(config, problems = state.problems) => {
          spy(config, problems);
          setState({ config, problems });
        }}
      />
    );
  }
  render(<Harness />);
  const form = screen.getByRole('form', { name: 'What if' });
  return {
    user: userEvent.setup(),
    form,
    spy,
    showRun,
    slider: (name: string) => within(form).getByRole('slider', { name }),
    last: () => spy.mock.lastCall![0],
    lastProblems: () => spy.mock.lastCall![1],
    field: (name: string | RegExp) => within(form).getByRole('textbox', { name }),
    select: (name: string) => within(form).getByRole('combobox', { name }),
  };
}

describe('the presets', () => {
  it('a preset sets the whole run and shows pressed; the others are not', async () => {
    const { user, last } = renderSettings();
    const presets = screen.getByRole('region', { name: 'Presets' });
    expect(within(presets).getByRole('button', { name: "The lesson's evening" })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(within(presets).getByRole('button', { name: 'Redis failover' }));
    const redisFailover = lab.presets.find((preset) => preset.id === 'redis-failover')!;
    expect(last()).toEqual(presetConfig(redisFailover.config));
    expect(within(presets).getByRole('button', { name: 'Redis failover' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(presets).getByRole('button', { name: "The lesson's evening" })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('a run no preset has marks none, and a course author can leave the presets out', () => {
    expect(activePresetOf({ ...DEFAULT_LAB_CONFIG, ttlMs: 31_000 })).toBeUndefined();
    expect(activePresetOf(DEFAULT_LAB_CONFIG)).toBe('seed-scenario');
    renderSettings('', { showPresets: false });
    expect(screen.queryByRole('region', { name: 'Presets' })).toBeNull();
  });
});

describe('the choices', () => {
  it('service, pause moment and renewers each change only themselves', async () => {
    const { user, select, last } = renderSettings('?service=etcd');
    await user.selectOptions(select('Lock service'), 'zookeeper');
    expect(last()).toEqual({ ...parseLabConfig('?service=etcd').config, service: 'zookeeper' });
    await user.selectOptions(select("A's pause comes"), 'whileAcquiring');
    expect(last()).toMatchObject({ service: 'zookeeper', pauseWhen: 'whileAcquiring' });
    await user.selectOptions(select('Renewers'), '3');
    expect(last().renewers).toBe(3);
    await user.selectOptions(select('Renewers'), '2');
    expect(last().renewers).toBe(2);
  });

  it("a resource brings its own storage: the email's idempotency key, and back to checked tokens", async () => {
    const { user, select, last } = renderSettings('?storage=unchecked');
    await user.selectOptions(select('The lock guards'), 'email');
    expect(last()).toMatchObject({ resource: 'email', storage: 'idempotencyKey' });
    expect(
      within(select('Storage'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['idempotency key (owner, week)', 'checks nothing']);
    await user.selectOptions(select('The lock guards'), 'certificate');
    expect(last()).toMatchObject({ resource: 'certificate', storage: 'fenced' });
    await user.selectOptions(select('Storage'), 'unchecked');
    expect(last().storage).toBe('unchecked');
  });

  it('under a service without tokens, checking them is greyed out, and a note beside it says why', () => {
    const { select } = renderSettings('?service=redis&storage=unchecked');
    const storage = select('Storage');
    expect(within(storage).getByRole('option', { name: 'checks tokens (fenced)' })).toBeDisabled();
    expect(within(storage).getByRole('option', { name: 'checks nothing' })).toBeEnabled();
    expect(storage).toHaveAccessibleDescription(lab.fields.problems.tokenless);
  });

  it('under a service with tokens, every storage can be chosen and no note is shown', () => {
    const { select } = renderSettings('?service=etcd');
    const storage = select('Storage');
    for (const option of within(storage).getAllByRole('option')) expect(option).toBeEnabled();
    expect(storage).not.toHaveAttribute('aria-describedby');
  });
});

describe('the numbers', () => {
  it('a time is typed in seconds and takes effect on Enter or on leaving the field, kept in milliseconds', async () => {
    const { user, field, last, spy, showRun } = renderSettings();
    const ttl = field('Lease TTL (s)');
    expect(ttl).toHaveValue('30');
    await user.clear(ttl);
    await user.type(ttl, '20');
    expect(spy).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(last().ttlMs).toBe(20_000);
    // Enter shows the new run; leaving the field does not move the page under the reader's next tap.
    expect(showRun).toHaveBeenCalledTimes(1);
    const pause = field('Pause length (s)');
    await user.clear(pause);
    await user.type(pause, '2,5');
    await user.tab();
    expect(last()).toMatchObject({ ttlMs: 20_000, pauseMs: 2_500 });
    expect(showRun).toHaveBeenCalledTimes(1);
    expect(field('Pause length (s)')).toHaveValue('2.5');
  });

  it('a slider acts as it moves, in whole seconds, the typed value following it, and never moves the page', async () => {
    const { user, slider, field, last, showRun } = renderSettings();
    const pause = slider('Pause length (s)');
    expect(pause).toHaveValue('40');
    expect(pause).toHaveAttribute('min', '0');
    // Two minutes on the slider, where the runs play out; longer is typed, and the slider then reaches it.
    expect(pause).toHaveAttribute('max', '120');
    expect(pause).toHaveAttribute('aria-valuetext', '40 s');
    // The browser moves the thumb (by keys, a pointer or a touch); each move is a change event.
    pause.focus();
    fireEvent.change(pause, { target: { value: '42' } });
    expect(last().pauseMs).toBe(42_000);
    expect(field('Pause length (s)')).toHaveValue('42');
    expect(pause).toHaveAttribute('aria-valuetext', '42 s');
    // The same element goes on: focus stays on the slider as it moves.
    expect(slider('Pause length (s)')).toBe(pause);
    expect(pause).toHaveFocus();
    fireEvent.change(pause, { target: { value: '0' } });
    expect(last().pauseMs).toBe(0);
    expect(showRun).not.toHaveBeenCalled();
    await user.tab();
    // Drift is in per cent, from -50 to 50.
    expect(slider('Clock drift on node R3 (%)')).toHaveAttribute('min', '-50');
    await user.clear(field('Pause length (s)'));
    await user.type(field('Pause length (s)'), '300{Enter}');
    expect(slider('Pause length (s)')).toHaveAttribute('max', '300');
    expect(slider('Pause length (s)')).toHaveValue('300');
    expect(slider('Lock-delay (s)')).toHaveAttribute('max', '60');
  });

  it('a number out of range is clamped, and says so in seconds beside the field until it is fixed', async () => {
    const { user, field, last, lastProblems } = renderSettings();
    await user.clear(field('Lease TTL (s)'));
    await user.type(field('Lease TTL (s)'), '0.5{Enter}');
    expect(last().ttlMs).toBe(1_000);
    expect(lastProblems()).toEqual([{ field: 'ttlMs', kind: 'outOfRange', used: 1_000, inSeconds: true }]);
    const ttl = field('Lease TTL (s)');
    expect(ttl).toHaveValue('1');
    expect(ttl).toHaveAttribute('aria-invalid', 'true');
    expect(ttl).toHaveAccessibleDescription('Lease TTL must be between 1 and 600 s; using 1 s.');
    // Another field's problem stays while this one is fixed.
    await user.clear(field('Pause length (s)'));
    await user.type(field('Pause length (s)'), 'soon{Enter}');
    expect(lastProblems()).toHaveLength(2);
    // A typo keeps the run's pause as it was.
    expect(last().pauseMs).toBe(40_000);
    expect(field('Pause length (s)')).toHaveAccessibleDescription(
      'Pause length must be a number of seconds, not “soon”.',
    );
    await user.clear(field('Lease TTL (s)'));
    await user.type(field('Lease TTL (s)'), '1{Enter}');
    expect(lastProblems()).toEqual([expect.objectContaining({ field: 'pauseMs', kind: 'notANumber' })]);
    expect(field('Lease TTL (s)')).not.toHaveAttribute('aria-invalid');
    expect(field('Lease TTL (s)')).not.toHaveAttribute('aria-describedby');
  });

  it('seconds are kept to the millisecond: finer is rounded and said; the edges are in range', async () => {
    const { user, field, last, lastProblems } = renderSettings();
    await user.clear(field('Lease TTL (s)'));
    await user.type(field('Lease TTL (s)'), '1.005{Enter}');
    expect(last().ttlMs).toBe(1_005);
    expect(lastProblems()).toEqual([]);
    await user.clear(field('Lease TTL (s)'));
    await user.type(field('Lease TTL (s)'), '2.5004{Enter}');
    expect(last().ttlMs).toBe(2_500);
    expect(field('Lease TTL (s)')).toHaveAccessibleDescription('Lease TTL takes whole milliseconds; using 2.5 s.');
    await user.clear(field('Lease TTL (s)'));
    await user.type(field('Lease TTL (s)'), '600{Enter}');
    expect(last().ttlMs).toBe(600_000);
    expect(lastProblems()).toEqual([]);
    await user.clear(field('Lease TTL (s)'));
    await user.type(field('Lease TTL (s)'), '600.001{Enter}');
    expect(last().ttlMs).toBe(600_000);
    expect(lastProblems()).toEqual([expect.objectContaining({ kind: 'outOfRange' })]);
  });

  it("each service's own numbers are open only under it, and the pause's start only after acquiring", () => {
    const enabled = (search: string) => {
      const { form } = renderSettings(search);
      const open = within(form)
        .getAllByRole<HTMLInputElement>('textbox')
        .filter((input) => !input.disabled)
        .map((input) => input.labels?.[0]?.textContent);
      document.body.innerHTML = '';
      return open;
    };
    const everywhere = ['Lease TTL (s)', 'Pause length (s)', "Network delay on A's write (s)"];
    expect(enabled('?service=lesson')).toEqual(['Lease TTL (s)', 'Pause starts at (s)', ...everywhere.slice(1)]);
    expect(enabled('?service=redlock&pauseWhen=whileAcquiring')).toEqual([
      ...everywhere,
      'Clock jump on node R3 (s)',
      'Clock drift on node R3 (%)',
    ]);
    expect(enabled('?service=chubby')).toContain('Lock-delay (s)');
    expect(enabled('?service=chubby')).not.toContain('Redis failover at (s)');
    expect(enabled('?service=redis')).toContain('Redis failover at (s)');
    expect(enabled('?service=redis')).not.toContain('Lock-delay (s)');
  });
});
