import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import lab from 'virtual:lockstep/lab';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '@/testing/render-walkthrough';
import { createShortcutStore } from '@/shortcuts/keymap';
import { ShortcutContext } from '@/shortcuts/use-shortcuts';
import { type LabConfig } from '@/settings/lab-config';
import { parseLabConfig, serializeLabConfig } from '@/settings/lab-address';
import { formatTime } from '@/story/format';
import { narrationsFor } from '@/story/timeline-narrations';
import { labNarration } from './lab-narration';
import LabWithMap from '@/app/lab-with-map';
import type { LabStepReport } from './lab-page';
import { createLabStore, selectLabTimeline } from './lab-store';
import { verdictOf } from '@/story/verdict';

function renderLab(
  search: string,
  options: {
    embedded?: boolean;
    compact?: boolean;
    authorTools?: boolean;
    onStep?: (report: LabStepReport) => void;
  } = {},
) {
  const { config, problems } = parseLabConfig(search);
  const onChange = vi.fn<(config: LabConfig) => void>();
  // The page as the site shows it, with the outcome map the entry point passes in.
  render(
    <ShortcutContext.Provider value={createShortcutStore(memoryStorage(), null)}>
      <LabWithMap initial={config} initialProblems={problems} onChange={onChange} {...options} />
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

/** The run the page should show for `search`, worked out apart from the page: its frames, captions and verdict. */
function expectedRun(search: string | LabConfig) {
  const { config, problems } = typeof search === 'string' ? parseLabConfig(search) : { config: search, problems: [] };
  const timeline = selectLabTimeline(createLabStore(config, problems).getState());
  const captions = narrationsFor(timeline, labNarration).map((narration) => narration.caption);
  return { config, timeline, captions, verdict: verdictOf(timeline).kind };
}

const runOf = () => screen.getByRole('region', { name: 'What happens' });
const captionOf = () => runOf().querySelector('.caption')!;

describe('stepping through the run', () => {
  it('Next, Back and Go to the end move the counter, the caption and its time together, and tell the page', async () => {
    const user = userEvent.setup();
    const { timeline, captions, verdict } = expectedRun('?service=etcd');
    const count = timeline.frames.length;
    expect(count).toBeGreaterThan(4);
    const onStep = vi.fn<(report: LabStepReport) => void>();
    renderLab('?service=etcd', { onStep });
    const stepper = within(runOf()).getByRole('group', { name: 'Step through the lab run' });
    const shows = (step: number) => {
      expect(within(stepper).getByText(`Step ${step + 1} of ${count}`)).toBeInTheDocument();
      expect(captionOf().textContent).toBe(`${formatTime(timeline.frames[step]!.at)} ${captions[step]}`);
      expect(onStep).toHaveBeenLastCalledWith({ step: step + 1, of: count, service: 'etcd', verdict });
    };
    shows(0);
    expect(within(stepper).getByRole('button', { name: 'Back' })).toBeDisabled();
    await user.click(within(stepper).getByRole('button', { name: 'Next' }));
    await user.click(within(stepper).getByRole('button', { name: 'Next' }));
    shows(2);
    await user.click(within(stepper).getByRole('button', { name: 'Back' }));
    shows(1);
    await user.click(within(stepper).getByRole('button', { name: 'Go to the end' }));
    shows(count - 1);
    expect(within(stepper).getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('the arrow keys step the run while focus is in it, and not while it is in the settings', async () => {
    const user = userEvent.setup();
    const { timeline } = expectedRun('');
    const count = timeline.frames.length;
    const { form } = renderLab('');
    runOf().focus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}{ArrowLeft}');
    expect(within(runOf()).getByText(`Step 3 of ${count}`)).toBeInTheDocument();
    await user.keyboard('{End}');
    expect(within(runOf()).getByText(`Step ${count} of ${count}`)).toBeInTheDocument();
    await user.keyboard('{Home}');
    expect(within(runOf()).getByText(`Step 1 of ${count}`)).toBeInTheDocument();
    within(form).getByRole('combobox', { name: 'Lock service' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(within(runOf()).getByText(`Step 1 of ${count}`)).toBeInTheDocument();
  });

  it('a change of settings runs again from the first step, and the page hears of the new run', async () => {
    const user = userEvent.setup();
    const onStep = vi.fn<(report: LabStepReport) => void>();
    const { form, lastConfig } = renderLab('?service=etcd', { onStep });
    await user.click(within(runOf()).getByRole('button', { name: 'Next' }));
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Lock service' }), 'redis');
    const { timeline, verdict } = expectedRun(lastConfig());
    expect(onStep).toHaveBeenLastCalledWith({ step: 1, of: timeline.frames.length, service: 'redis', verdict });
  });
});

describe('the text version', () => {
  it("lists every step with its caption, marks the current one, and a step's time opens it", async () => {
    const user = userEvent.setup();
    const { timeline, captions } = expectedRun('');
    renderLab('');
    await user.click(within(runOf()).getByRole('button', { name: 'Text version' }));
    const list = within(runOf()).getByRole('list', { name: `The run's ${timeline.frames.length} steps` });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(timeline.frames.length);
    expect(items[4]).toHaveTextContent(captions[4]!);
    await user.click(within(items[4]!).getByRole('button', { name: formatTime(timeline.frames[4]!.at) }));
    expect(within(runOf()).getByText(`Step 5 of ${timeline.frames.length}`)).toBeInTheDocument();
    expect(items[4]).toHaveAttribute('aria-current', 'step');
  });
});

describe('what the run shows beside the diagram', () => {
  it('the certificate: the table, and no mail sender', () => {
    renderLab('');
    expect(within(runOf()).getByRole('region', { name: 'Certificates table' })).toBeInTheDocument();
    expect(within(runOf()).queryByRole('region', { name: 'Mail sender' })).toBeNull();
  });

  it('under etcd, every key held so far, each from the step that creates it', async () => {
    const user = userEvent.setup();
    const { timeline } = expectedRun('?service=etcd');
    const keysAt = timeline.frames.map((frame) => {
      const view = frame.world.lock.view();
      return view.kind === 'revisions' ? Object.keys(view.keys) : [];
    });
    // The step where a second key first exists (B's, after A's lease ran out).
    const second = timeline.frames.findIndex((_, at) => new Set(keysAt.slice(0, at + 1).flat()).size === 2);
    expect(second).toBeGreaterThan(1);
    renderLab('?service=etcd');
    const rows = () =>
      within(within(runOf()).getByRole('region', { name: 'etcd lock keys so far' })).queryAllByRole('row');
    const keyRows = () => rows().length - 1;
    expect(keyRows()).toBe(new Set(keysAt[0]).size);
    for (let at = 0; at < second - 1; at += 1) await user.click(within(runOf()).getByRole('button', { name: 'Next' }));
    expect(keyRows()).toBe(1);
    await user.click(within(runOf()).getByRole('button', { name: 'Next' }));
    expect(keyRows()).toBe(2);
  });

  it('the email: the mail sender, and its claims table only when the storage keeps an idempotency key', () => {
    renderLab('?resource=email&storage=unchecked');
    const sender = within(runOf()).getByRole('region', { name: 'Mail sender' });
    expect(within(sender).queryByRole('table')).toBeNull();
    expect(within(runOf()).queryByRole('region', { name: 'Certificates table' })).toBeNull();
  });

  it('the email kept by an idempotency key: the claims table', () => {
    renderLab('?resource=email&storage=idempotencyKey');
    const sender = within(runOf()).getByRole('region', { name: 'Mail sender' });
    expect(within(sender).getByRole('table')).toBeInTheDocument();
  });
});

describe('the full page and the embed', () => {
  it('the full page: a main landmark, the intro, the way back, the share buttons, the time strip and the text version', () => {
    renderLab('');
    const main = screen.getByRole('main');
    expect(main).toHaveTextContent(lab.page.intro);
    expect(within(main).getByRole('link', { name: 'Back to the lesson' })).toHaveAttribute('href', './');
    expect(within(main).getByRole('button', { name: 'Copy link to this run' })).toBeInTheDocument();
    expect(within(main).getByRole('button', { name: 'Copy embed code' })).toBeInTheDocument();
    expect(within(runOf()).getByRole('img', { name: /^Time to scale/ })).toBeInTheDocument();
    expect(within(runOf()).getByRole('button', { name: 'Text version' })).toBeInTheDocument();
    expect(within(runOf()).queryByRole('group', { name: lab.labels.partsScroll })).toBeNull();
  });

  it('the compact embed: no landmark of its own, a link out instead of the share buttons, a strip without its key', () => {
    renderLab('?service=redlock', { embedded: true, compact: true });
    expect(screen.queryByRole('main')).toBeNull();
    expect(document.body).not.toHaveTextContent(lab.page.intro);
    const out = screen.getByRole('link', { name: 'Open this run in Lockstep' });
    expect(out).toHaveAttribute('target', '_blank');
    expect(out.getAttribute('href')).toMatch(/service=redlock/);
    expect(screen.queryByRole('link', { name: 'Back to the lesson' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Copy link to this run' })).toBeNull();
    // The run to scale, without its key, its table row or Redlock's rows per node (the panels show those).
    const strip = within(runOf()).getByRole('img', { name: /^Time to scale/ });
    const rows = [...strip.querySelectorAll('text')].map((text) => text.textContent);
    expect(rows).toContain('Majority');
    expect(rows).not.toContain('R1');
    expect(within(runOf()).queryByRole('list', { name: 'Key' })).toBeNull();
    expect(within(runOf()).queryByTestId('strip-row-now')).toBeNull();
    expect(within(runOf()).queryByRole('button', { name: 'Text version' })).toBeNull();
    // The panels scroll within the screen, so a keyboard can reach them to scroll.
    expect(within(runOf()).getByRole('group', { name: lab.labels.partsScroll })).toHaveAttribute('tabindex', '0');
  });

  it('the compact embed with its settings open: the run at a glance above them, and back to the run on request', async () => {
    const user = userEvent.setup();
    renderLab('?service=redlock&storage=unchecked', { embedded: true, compact: true });
    expect(screen.queryByTestId('run-glance')).toBeNull();
    await user.click(screen.getByText('Settings', { selector: 'summary h2' }));
    const glance = screen.getByTestId('run-glance');
    expect(glance).toHaveTextContent('Verdict: Stale write landed.');
    expect(document.getElementById('lab')!.className).toMatch(/settingsOpen/);
    fireEvent.change(screen.getByRole('slider', { name: 'Pause length (s)' }), { target: { value: '20' } });
    expect(screen.getByTestId('run-glance')).toHaveTextContent('Verdict: Safe.');
    await user.click(within(glance).getByRole('button', { name: 'Step through it' }));
    expect(screen.queryByTestId('run-glance')).toBeNull();
    expect(document.querySelector('details')).not.toHaveAttribute('open');
    expect(document.getElementById('lab')!.className).not.toMatch(/settingsOpen/);
    expect(runOf()).toHaveFocus();
  });

  it('an embed with tools=on offers its author the share buttons too', () => {
    renderLab('?service=redis', { embedded: true, compact: true, authorTools: true });
    expect(screen.getByRole('button', { name: 'Copy link to this run' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy embed code' })).toBeInTheDocument();
  });
});

describe('settings the link could not use', () => {
  it('a bad service is listed above the run; a bad number and a greyed-out storage stay beside their fields', () => {
    renderLab('?service=zookeeper9&ttl=abc&storage=fenced&resource=email');
    const notices = screen.getByRole('list', { name: 'Settings the link could not use' });
    const items = within(notices)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual(["“zookeeper9” is not a lock service here; using the lesson's own."]);
  });

  it('an older drift link is read as drift plus the split, says so above the run, and the box shows it ticked', async () => {
    renderLab('?service=redlock&storage=unchecked&drift=20');
    const notices = screen.getByRole('list', { name: 'Settings the link could not use' });
    expect(within(notices).getByRole('listitem')).toHaveTextContent(
      /^This link sets R3's clock but says nothing of the network split\. .* so it does too\./,
    );
    const split = screen.getByRole('checkbox', { name: /^Split the network as in Kleppmann's example/ });
    expect(split).toBeChecked();
    await userEvent.setup().click(split);
    expect(split).not.toBeChecked();
    // Unticked, the note is answered.
    expect(screen.queryByRole('list', { name: 'Settings the link could not use' })).toBeNull();
  });

  it('the split applies only to Redlock: under another service its box is greyed out', () => {
    renderLab('?service=etcd');
    expect(screen.getByRole('checkbox', { name: /^Split the network/ })).toBeDisabled();
  });

  it('a link with nothing wrong lists nothing', () => {
    renderLab('?service=etcd&ttl=20000');
    expect(screen.queryByRole('list', { name: 'Settings the link could not use' })).toBeNull();
  });
});

describe('a preset or a value entered brings its run back into view; a slider or a choice does not', () => {
  const original = window.scrollBy;
  let scrollBy: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    scrollBy = vi.fn();
    window.scrollBy = scrollBy as typeof window.scrollBy;
  });
  afterEach(() => {
    window.scrollBy = original;
    vi.restoreAllMocks();
  });

  const runAt = (top: number) =>
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      return { top: this.getAttribute('aria-labelledby') === 'run-heading' ? top : 0, bottom: top + 400 } as DOMRect;
    });

  it.each([
    ['above the screen', -1, true],
    ['at its top', 0, false],
    ['at half its height', window.innerHeight / 2, false],
    ['below half its height', window.innerHeight / 2 + 1, true],
  ])('the run %s: scrolled to it %s, after a preset and after Enter', async (_where, top, scrolls) => {
    const user = userEvent.setup();
    const { form } = renderLab('');
    runAt(top);
    await user.click(screen.getByRole('button', { name: 'etcd revision as token' }));
    expect(scrollBy).toHaveBeenCalledTimes(scrolls ? 1 : 0);
    if (scrolls) expect(scrollBy).toHaveBeenCalledWith({ top, behavior: 'auto' });
    const ttl = within(form).getByRole('textbox', { name: 'Lease TTL (s)' });
    await user.clear(ttl);
    await user.type(ttl, '20{Enter}');
    expect(scrollBy).toHaveBeenCalledTimes(scrolls ? 2 : 0);
  });

  it('not while a slider moves, on a choice, or on leaving a field: the reader is still at the settings', async () => {
    const user = userEvent.setup();
    const { form, lastConfig } = renderLab('');
    runAt(-500);
    fireEvent.change(within(form).getByRole('slider', { name: 'Pause length (s)' }), { target: { value: '50' } });
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Lock service' }), 'etcd');
    const ttl = within(form).getByRole('textbox', { name: 'Lease TTL (s)' });
    await user.clear(ttl);
    await user.type(ttl, '20');
    await user.tab();
    expect(lastConfig()).toMatchObject({ service: 'etcd', pauseMs: 50_000, ttlMs: 20_000 });
    expect(scrollBy).not.toHaveBeenCalled();
  });

  it('in the compact embed, scrolls nothing while the settings are open, and comes back to the run at the top', async () => {
    const user = userEvent.setup();
    renderLab('', { embedded: true, compact: true });
    runAt(-500);
    const lab = document.getElementById('lab')!;
    await user.click(screen.getByText('Settings', { selector: 'summary h2' }));
    lab.scrollTop = 800;
    // The run at a glance above the settings shows the preset's run: the reader stays where they are.
    await user.click(screen.getByRole('button', { name: 'etcd revision as token' }));
    expect(scrollBy).not.toHaveBeenCalled();
    expect(lab.scrollTop).toBe(800);
    await user.click(screen.getByRole('button', { name: 'Step through it' }));
    expect(lab.scrollTop).toBe(0);
    expect(scrollBy).not.toHaveBeenCalled();
  });
});
