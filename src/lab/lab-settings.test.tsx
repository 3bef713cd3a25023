import { render, screen, within } from '@testing-library/react';
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
  function Harness() {
    const [state, setState] = useState<{ config: LabConfig; problems: readonly FieldProblem[] }>(initial);
    return (
      <LabSettings
        config={state.config}
        problems={state.problems}
        showPresets={showPresets}
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
  it('a number takes effect on Enter and on leaving the field, not on each key', async () => {
    const { user, field, last, spy } = renderSettings();
    const ttl = field('Lease TTL (ms)');
    await user.clear(ttl);
    await user.type(ttl, '20000');
    expect(spy).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(last().ttlMs).toBe(20_000);
    const pause = field('Pause length (ms)');
    await user.clear(pause);
    await user.type(pause, '5000');
    await user.tab();
    expect(last()).toMatchObject({ ttlMs: 20_000, pauseMs: 5_000 });
  });

  it('a number out of range is clamped, and says so beside the field until it is fixed', async () => {
    const { user, field, last, lastProblems } = renderSettings();
    await user.clear(field('Lease TTL (ms)'));
    await user.type(field('Lease TTL (ms)'), '999{Enter}');
    expect(last().ttlMs).toBe(1_000);
    expect(lastProblems()).toEqual([{ field: 'ttlMs', kind: 'outOfRange', used: 1_000 }]);
    const ttl = field('Lease TTL (ms)');
    expect(ttl).toHaveValue('1000');
    expect(ttl).toHaveAttribute('aria-invalid', 'true');
    expect(ttl).toHaveAccessibleDescription('Lease TTL must be between 1000 and 600000 ms; using 1000.');
    // Another field's problem stays while this one is fixed.
    await user.clear(field('Pause length (ms)'));
    await user.type(field('Pause length (ms)'), 'soon{Enter}');
    expect(lastProblems()).toHaveLength(2);
    await user.clear(field('Lease TTL (ms)'));
    await user.type(field('Lease TTL (ms)'), '1000{Enter}');
    expect(lastProblems()).toEqual([expect.objectContaining({ field: 'pauseMs', kind: 'notANumber' })]);
    expect(field('Lease TTL (ms)')).not.toHaveAttribute('aria-invalid');
    expect(field('Lease TTL (ms)')).not.toHaveAttribute('aria-describedby');
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
    const everywhere = ['Lease TTL (ms)', 'Pause length (ms)', "Network delay on A's write (ms)"];
    expect(enabled('?service=lesson')).toEqual(['Lease TTL (ms)', 'Pause starts at (ms)', ...everywhere.slice(1)]);
    expect(enabled('?service=redlock&pauseWhen=whileAcquiring')).toEqual([
      ...everywhere,
      'Clock jump on node R3 (ms)',
      'Clock drift on node R3 (%)',
    ]);
    expect(enabled('?service=chubby')).toContain('Lock-delay (ms)');
    expect(enabled('?service=chubby')).not.toContain('Redis failover at (ms)');
    expect(enabled('?service=redis')).toContain('Redis failover at (ms)');
    expect(enabled('?service=redis')).not.toContain('Lock-delay (ms)');
  });
});
