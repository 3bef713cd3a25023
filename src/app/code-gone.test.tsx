import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CodeGone, isMissingCode } from './code-gone';

afterEach(() => vi.restoreAllMocks());

describe('a part whose code is gone', () => {
  it('says so in its place and offers a reload, instead of a blank page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const Lab = lazy(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: https://x/assets/lab-old.js')),
    );
    render(
      <CodeGone>
        <Suspense fallback="Loading">
          <Lab />
        </Suspense>
      </CodeGone>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(/could not load.*Reload the page/);
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledOnce();
    vi.unstubAllGlobals();
  });

  it('passes any other error on: a bug is not a missing file', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Broken(): never {
      throw new RangeError('a bug');
    }
    expect(() =>
      render(
        <CodeGone>
          <Broken />
        </CodeGone>,
      ),
    ).toThrow('a bug');
  });

  it('knows a missing module as each browser words it', () => {
    expect(isMissingCode(new TypeError('Failed to fetch dynamically imported module: x.js'))).toBe(true);
    expect(isMissingCode(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isMissingCode(new TypeError('error loading dynamically imported module: x.js'))).toBe(true);
    expect(isMissingCode(new TypeError('x is not a function'))).toBe(false);
    expect(isMissingCode(new Error('Failed to fetch dynamically imported module'))).toBe(false);
    expect(isMissingCode('Failed to fetch dynamically imported module')).toBe(false);
  });
});
