import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AuditEntry } from '@stockseer/contract';
import { fakeApi, renderWithProviders } from '../admin.testkit';
import { ADMIN_TEXT } from '../messages';
import { ActivityCard, useActivityList } from './ActivityCard';
import { ACTION_LABELS, ACTIVITY_TEXT } from './supportText';

afterEach(() => vi.unstubAllGlobals());

const entry = (id: string, overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id,
  action: 'courtesy_credit',
  actorUid: 'admin-1',
  actorEmail: 'admin@stockseer.test',
  at: '2026-11-20T15:04:00.000Z',
  targetUserId: 'u-ada',
  targetEmail: 'ada@example.com',
  amountCents: 250,
  details: { transactionId: 'credit:c1' },
  reason: 'The outage on Monday',
  ...overrides,
});

/** The card as the Admin tab has it: its own filters. */
function Overview() {
  return <ActivityCard activity={useActivityList()} />;
}

describe('Admin > Activity', () => {
  it('lists admin actions newest first as the server pages them, and asks the server for each filter', async () => {
    const calls = fakeApi({
      'GET /api/admin/audit-log': ({ url }) =>
        new URL(url, 'http://x').searchParams.get('cursor') === 'e2'
          ? {
              body: {
                entries: [entry('e3', { action: 'sign_out', amountCents: null, details: { disable: true } })],
                nextCursor: null,
              },
            }
          : { body: { entries: [entry('e1'), entry('e2', { action: 'refund', amountCents: 500 })], nextCursor: 'e2' } },
    });
    renderWithProviders(<Overview />);
    const table = await screen.findByRole('table', { name: ACTIVITY_TEXT.title });
    const rows = () => within(table).getAllByRole('row').slice(1);
    expect(rows().map((row) => row.querySelector('th')?.textContent)).toEqual([
      ACTION_LABELS.courtesy_credit,
      ACTION_LABELS.refund,
    ]);
    expect(rows()[0]!.textContent).toContain('ada@example.com · $2.50 · transactionId: credit:c1');
    expect(rows()[0]!.textContent).toContain('The outage on Monday');
    fireEvent.click(screen.getByRole('button', { name: ADMIN_TEXT.loadMore }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(rows()[2]!.textContent).toContain('disable: true');

    fireEvent.change(screen.getByLabelText(ACTIVITY_TEXT.action), { target: { value: 'refund' } });
    // The admins offered are those of the entries loaded.
    const adminFilter = screen.getByLabelText(ACTIVITY_TEXT.admin) as HTMLSelectElement;
    expect([...adminFilter.options].map((o) => o.text)).toEqual([ACTIVITY_TEXT.all, 'admin@stockseer.test']);
    fireEvent.change(adminFilter, { target: { value: 'admin-1' } });
    fireEvent.change(screen.getByLabelText(ACTIVITY_TEXT.target), { target: { value: 'u-ada' } });
    fireEvent.change(screen.getByLabelText(ACTIVITY_TEXT.from), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText(ACTIVITY_TEXT.to), { target: { value: '2026-11-30' } });
    await waitFor(() =>
      expect(calls.map((c) => c.url)).toContain(
        '/api/admin/audit-log?limit=25&action=refund&actorUid=admin-1&targetUserId=u-ada&from=2026-11-01&to=2026-11-30',
      ),
    );
  });
});
