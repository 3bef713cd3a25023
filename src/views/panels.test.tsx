import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { timelineFor, DEFAULT_SCENARIO_ID } from '@/store/selectors';
import { renderWalkthrough } from '@/testing/render-walkthrough';
import { CertificatesPanel } from './certificates-panel';
import { LockServicePanel } from './lock-service-panel';
import { RenewersPanel } from './renewers-panel';

/** The cursor of the first step matching a test, read off the real timeline. */
function stepWhere(fencing: boolean, matches: (kind: string, renewer: string | undefined) => boolean): number {
  const index = timelineFor(DEFAULT_SCENARIO_ID, fencing).frames.findIndex(({ happening }) =>
    matches(happening.kind, 'renewer' in happening ? happening.renewer : undefined),
  );
  if (index < 0) throw new Error('no such step');
  return index;
}

const lastStep = (fencing: boolean) => timelineFor(DEFAULT_SCENARIO_ID, fencing).frames.length - 1;

function rowCells() {
  const table = screen.getByRole('table', { name: 'Certificates table' });
  return within(within(table).getAllByRole('row')[1]!).getAllByRole('cell');
}

describe('<CertificatesPanel>', () => {
  it('is a table named "Certificates table" with domain, cert and fence columns', () => {
    renderWalkthrough(<CertificatesPanel />);
    const table = screen.getByRole('table', { name: 'Certificates table' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['domain', 'cert', 'fence']);
    expect(rowCells().map((cell) => cell.textContent)).toEqual(['go.shop.example', 'serial 1000', '32']);
  });

  it("marks the cells B's write changed, and only those", () => {
    renderWalkthrough(<CertificatesPanel />, {
      cursor: stepWhere(true, (kind, who) => kind === 'writeRequested' && who === 'B'),
    });
    const [domain, cert, fence] = rowCells();
    expect(domain).not.toHaveClass('changed');
    expect(cert).toHaveClass('changed');
    expect(fence).toHaveClass('changed');
    expect(fence).toHaveTextContent('34 (changed in this step)');
  });

  it("with fencing on, ends with B's certificate and fence 34 after A's write matched 0 rows", () => {
    renderWalkthrough(<CertificatesPanel />, { cursor: lastStep(true) });
    expect(rowCells().map((cell) => cell.textContent)).toEqual([
      'go.shop.example',
      'serial 1002, issued at 36 s',
      '34',
    ]);
    expect(screen.getByText(/Last write: token 33/)).toHaveTextContent(
      'UPDATE 0 (rejected: a higher token has written)',
    );
    expect(screen.getByText(/AND fence <= \$3/)).toBeInTheDocument();
    expect(screen.queryByText('Stale certificate.')).not.toBeInTheDocument();
  });

  it("with fencing off, ends with A's older certificate and fence 33, and says it is stale", () => {
    renderWalkthrough(<CertificatesPanel />, { cursor: lastStep(false), fencing: false });
    expect(rowCells().map((cell) => cell.textContent)).toEqual(['go.shop.example', 'serial 1001, issued at 5 s', '33']);
    expect(screen.getByText('Stale certificate.').parentElement).toHaveTextContent(
      'replaced a newer certificate written with token 34',
    );
    expect(screen.queryByText(/AND fence <= \$3/)).not.toBeInTheDocument();
  });
});

describe('<LockServicePanel>', () => {
  it('shows the holder, token and time left while a lease is held', () => {
    renderWalkthrough(<LockServicePanel />, { cursor: stepWhere(true, (kind) => kind === 'processPaused') });
    const panel = screen.getByRole('region', { name: 'Lock service' });
    expect(panel).toHaveTextContent('HolderRenewer A, token 33');
    expect(panel).toHaveTextContent('expires at 30 s (28 s left)');
  });

  it('shows the lock as free once the lease expired', () => {
    renderWalkthrough(<LockServicePanel />, { cursor: stepWhere(true, (kind) => kind === 'leaseExpired') });
    const panel = screen.getByRole('region', { name: 'Lock service' });
    expect(panel).toHaveTextContent('Holderfree');
    expect(panel).toHaveTextContent('Leasenone');
    expect(panel.querySelector('dd.free')).not.toBeNull();
    expect(panel.querySelector('.lease-bar-fill')).toHaveAttribute('width', '0%');
  });

  it('shows the lease left as a bar, the share of the lease still to run', () => {
    const paused = stepWhere(true, (kind) => kind === 'processPaused');
    renderWalkthrough(<LockServicePanel />, { cursor: paused });
    const panel = screen.getByRole('region', { name: 'Lock service' });
    expect(panel.querySelector('dd.held')).not.toBeNull();
    // 28 s of a 30 s lease.
    expect(panel.querySelector('.lease-bar-fill')).toHaveAttribute('width', '93%');
  });

  it('shows the next token the lesson’s service will hand out', () => {
    renderWalkthrough(<LockServicePanel />, { cursor: stepWhere(true, (kind) => kind === 'processPaused') });
    expect(screen.getByRole('region', { name: 'Lock service' })).toHaveTextContent('Next token34');
  });

  it('lets the lock key wrap after a colon or before a dot, never inside a name', () => {
    renderWalkthrough(<LockServicePanel />);
    const key = screen.getByRole('region', { name: 'Lock service' }).querySelector('code.lock-key')!;
    expect(key.textContent).toBe('lock:cert:go.shop.example');
    expect(key.innerHTML).toBe('lock:<wbr>cert:<wbr>go<wbr>.shop<wbr>.example');
  });
});

describe('<RenewersPanel>', () => {
  it('shows A believing it holds token 33 while in truth B holds 34', () => {
    renderWalkthrough(<RenewersPanel />, {
      cursor: stepWhere(true, (kind, who) => kind === 'leaseGranted' && who === 'B'),
    });
    const renewerA = screen.getByText('Renewer A').closest('li')!;
    expect(renewerA).toHaveTextContent('Believes: it holds the lock with token 33.');
    expect(renewerA).toHaveTextContent('In truth: Renewer B holds the lock with token 34.');
    expect(within(renewerA).getByText('mistaken')).toBeInTheDocument();
    expect(within(renewerA).getByText('paused until 42 s')).toBeInTheDocument();
  });

  it('shows A knowing it lost the lock after the fenced write', () => {
    renderWalkthrough(<RenewersPanel />, { cursor: lastStep(true) });
    expect(screen.getByText('Renewer A').closest('li')).toHaveTextContent(
      'it lost the lock; token 33 is no longer good.',
    );
  });
});
