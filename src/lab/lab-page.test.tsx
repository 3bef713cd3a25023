import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '@/testing/render-walkthrough';
import { createShortcutStore } from '@/shortcuts/keymap';
import { ShortcutContext } from '@/shortcuts/use-shortcuts';
import { type LabConfig } from '@/settings/lab-config';
import { parseLabConfig, serializeLabConfig } from '@/settings/lab-address';
import LabPage from './lab-page';

function renderLab(search: string) {
  const { config, problems } = parseLabConfig(search);
  const onChange = vi.fn<(config: LabConfig) => void>();
  render(
    <ShortcutContext.Provider value={createShortcutStore(memoryStorage(), null)}>
      <LabPage initial={config} initialProblems={problems} onChange={onChange} />
    </ShortcutContext.Provider>,
  );
  const form = screen.getByRole('form', { name: 'What if' });
  return { form, onChange, lastConfig: () => onChange.mock.lastCall![0] };
}

describe('the lab never chooses a greyed-out storage option', () => {
  it('under Redis, the certificate guarded again after the email keeps "unchecked", in the page and the address', async () => {
    const user = userEvent.setup();
    const { form, lastConfig } = renderLab('?service=redis');
    const guards = within(form).getByRole('combobox', { name: 'The lock guards' });
    const storage = within(form).getByRole('combobox', { name: 'Storage' });
    await user.selectOptions(guards, 'email');
    await user.selectOptions(guards, 'certificate');
    expect(storage).toHaveValue('unchecked');
    const chosen = within(storage).getByRole('option', { selected: true });
    expect(chosen).toBeEnabled();
    expect(lastConfig().storage).toBe('unchecked');
    expect(serializeLabConfig(lastConfig())).toMatch(/storage=unchecked/);
  });

  it('a service without tokens, chosen while the table checks them, turns the check off', async () => {
    const user = userEvent.setup();
    const { form, lastConfig } = renderLab('?service=etcd&storage=fenced');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Lock service' }), 'redlock');
    expect(within(form).getByRole('combobox', { name: 'Storage' })).toHaveValue('unchecked');
    expect(lastConfig()).toMatchObject({ service: 'redlock', storage: 'unchecked' });
  });
});

describe('the outcome map without Web Workers', () => {
  it('says it cannot be drawn here, and the rest of the lab works', () => {
    expect(typeof Worker).toBe('undefined');
    renderLab('?service=etcd');
    const map = screen.getByRole('region', { name: 'Outcome map' });
    expect(within(map).getAllByText(/has no Web Workers/)).toHaveLength(2);
    expect(within(map).getByRole('button', { name: /random schedules/ })).toBeDisabled();
    expect(screen.getByText(/^Step 1 of \d+$/)).toBeInTheDocument();
  });
});
