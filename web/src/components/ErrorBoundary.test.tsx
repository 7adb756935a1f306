import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { ClientErrorReport } from '@stockseer/contract';
import { forgetReportedErrors, MAX_REPORTS_PER_LOAD, reportClientError } from '../lib/clientErrors';
import { ErrorBoundary } from './ErrorBoundary';
import { ERROR_BOUNDARY_TEXT } from './errorBoundaryMessages';

let posted: ClientErrorReport[] = [];
beforeEach(() => {
  posted = [];
  forgetReportedErrors();
  vi.spyOn(globalThis, 'fetch').mockImplementation((url, init) => {
    expect(url).toBe('/api/client-errors');
    posted.push(ClientErrorReport.parse(JSON.parse(String(init?.body))));
    return Promise.resolve(new Response(null, { status: 204 }));
  });
  // React logs a caught render error to the console; the test looks at what the app does with it.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  window.history.replaceState(null, '', '/wallet?email=someone@example.com#secret');
});
afterEach(() => vi.restoreAllMocks());

function Broken({ broken }: { broken: boolean }) {
  if (broken) throw new Error('the wallet could not be drawn');
  return <p>Wallet</p>;
}

function Example() {
  const [broken, setBroken] = useState(true);
  return (
    <>
      <button onClick={() => setBroken(false)}>Mend</button>
      <ErrorBoundary>
        <Broken broken={broken} />
      </ErrorBoundary>
    </>
  );
}

describe('the error boundary', () => {
  it('shows a friendly fallback instead of a blank app, reports the error once, and can try again', () => {
    render(<Example />);
    expect(screen.getByRole('alert').textContent).toContain(ERROR_BOUNDARY_TEXT.title);
    expect(screen.getByRole('button', { name: ERROR_BOUNDARY_TEXT.reload })).toBeTruthy();
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ kind: 'render', message: 'the wallet could not be drawn', path: '/wallet' });
    expect(posted[0]!.stack).toContain('Broken');
    // No query string or hash: they may hold personal data.
    expect(JSON.stringify(posted)).not.toMatch(/someone|secret/);

    fireEvent.click(screen.getByRole('button', { name: 'Mend' }));
    fireEvent.click(screen.getByRole('button', { name: ERROR_BOUNDARY_TEXT.retry }));
    expect(screen.getByText('Wallet')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('client error reports', () => {
  it('send each distinct error once, at most a few per page load', () => {
    for (let i = 0; i < 3; i++) reportClientError('error', new Error('same'));
    expect(posted.map((r) => r.message)).toEqual(['same']);
    for (let i = 0; i < 10; i++) reportClientError('unhandledrejection', `reason ${i}`);
    expect(posted).toHaveLength(MAX_REPORTS_PER_LOAD);
  });

  it('send nothing while offline', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    reportClientError('error', new Error('offline'));
    expect(posted).toEqual([]);
  });
});
