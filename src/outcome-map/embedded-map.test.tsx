import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { labPageUrl } from '@/route/share-links';
import { parseLabConfig } from '@/settings/lab-address';
import { DEFAULT_LAB_CONFIG, type LabConfig } from '@/settings/lab-config';
import { InlineMapWorker } from '@/testing/inline-map-worker';
import type EmbeddedMapView from './embedded-map';

// The maps' runs are answered on the test's thread by the worker's own code (see outcome-map-view.test.tsx).
let EmbeddedMap: typeof EmbeddedMapView;
beforeAll(async () => {
  vi.stubGlobal('Worker', InlineMapWorker);
  vi.resetModules();
  ({ default: EmbeddedMap } = await import('./embedded-map'));
});
afterAll(() => vi.unstubAllGlobals());
afterEach(() => vi.restoreAllMocks());

// A guard against a hung computation, not a speed test.
const DRAWN = { timeout: 120_000 };

function renderEmbedded(search: string, frame = { compact: false, authorTools: true }) {
  const { config, problems } = parseLabConfig(search);
  const onChange = vi.fn<(config: LabConfig) => void>();
  const onDrawn = vi.fn<(config: LabConfig) => void>();
  const open = vi.spyOn(window, 'open').mockReturnValue(null);
  render(<EmbeddedMap {...frame} initial={config} problems={problems} onChange={onChange} onDrawn={onDrawn} />);
  return { config, onChange, onDrawn, open, user: userEvent.setup() };
}

describe('the outcome map embedded alone', { timeout: 300_000 }, () => {
  it("keeps the frame's address in step with the map's settings, and reports each map drawn", async () => {
    const { config, onChange, onDrawn, user } = renderEmbedded('?service=etcd&ttl=20000');
    expect(onChange).toHaveBeenLastCalledWith(config);
    await vi.waitFor(() => expect(onDrawn).toHaveBeenCalledTimes(2), DRAWN);
    expect(screen.getAllByRole('grid')).toHaveLength(2);
    expect(onDrawn.mock.calls.map(([drawn]) => [drawn.service, drawn.ttlMs, drawn.storage]).sort()).toEqual([
      ['etcd', 20_000, 'fenced'],
      ['etcd', 20_000, 'unchecked'],
    ]);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Service' }), 'zookeeper');
    expect(onChange).toHaveBeenLastCalledWith({ ...config, service: 'zookeeper' });
  });

  it("opens a cell's run in the full lab in a new tab, leaving the course page where it is", async () => {
    const { config, open, user } = renderEmbedded('?ttl=25000');
    const grid = await screen.findByRole('grid', { name: /^The table checks nothing/ }, DRAWN);
    expect(within(grid).getByRole('gridcell').textContent).toMatch(/^Lease TTL 25 s, Pause length 40 s/);
    grid.focus();
    await user.keyboard('{Enter}');
    expect(open).toHaveBeenCalledExactlyOnceWith(
      labPageUrl(window.location.href, { ...config, storage: 'unchecked' }),
      '_blank',
      'noopener',
    );
  });

  it('says what in its address could not be used, whatever the setting, and maps the rest', async () => {
    renderEmbedded('?service=memcached&ttl=25000');
    expect(screen.getByRole('alert')).toHaveTextContent(/memcached/);
    // The map is still drawn, for the lesson's service.
    await vi.waitFor(() => expect(screen.getAllByRole('grid')).toHaveLength(2), DRAWN);
    expect(screen.getByRole('combobox', { name: 'Service' })).toHaveValue(DEFAULT_LAB_CONFIG.service);
  });

  it('in a course column shows one map at a time, the unchecked table first, with a switch and no downloads', async () => {
    const { onDrawn, user } = renderEmbedded('?service=etcd', { compact: true, authorTools: false });
    const grid = await screen.findByRole('grid', {}, DRAWN);
    expect(grid).toHaveAccessibleName(/^The table checks nothing/);
    expect(screen.getAllByRole('grid')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /of the map/ })).toBeNull();
    const switchTo = (name: RegExp) => screen.getByRole('button', { name });
    expect(switchTo(/checks nothing/)).toHaveAttribute('aria-pressed', 'true');
    expect(switchTo(/checks tokens/)).toHaveAttribute('aria-pressed', 'false');
    await user.click(switchTo(/checks tokens/));
    expect(await screen.findByRole('grid', { name: /^The table checks tokens/ }, DRAWN)).toBeInTheDocument();
    expect(screen.getAllByRole('grid')).toHaveLength(1);
    expect(switchTo(/checks tokens/)).toHaveAttribute('aria-pressed', 'true');
    expect(onDrawn.mock.calls.map(([drawn]) => drawn.storage)).toEqual(['unchecked', 'fenced']);
    // The random search is folded away, not gone.
    expect(screen.getByText('Random schedules', { selector: 'summary' })).toBeInTheDocument();
  });

  it('with tools=on offers the downloads; under Redis, one map and no switch', async () => {
    renderEmbedded('?service=redis', { compact: true, authorTools: true });
    await screen.findByRole('grid', {}, DRAWN);
    expect(screen.getAllByRole('button', { name: /of the map/ })).toHaveLength(2);
    expect(screen.queryByRole('group', { name: 'Show the map where' })).toBeNull();
  });
});
