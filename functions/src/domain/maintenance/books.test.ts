import { describe, expect, it } from 'vitest';
import type { Transaction } from '@stockseer/contract';
import { deposit, holdForRefund, payForPrediction, planCommit, refundTopUp, settle, type WalletStep } from '../ledger';
import {
  afterReconcile,
  auditWallet,
  checkpointFindings,
  expectedLines,
  isFullAuditDay,
  nextCheckpoint,
  nextWindow,
  reconcile,
  reconcilePeriod,
  STALE_REFUND_HOLD_MS,
  topUpsToLookUp,
  type StripeMoney,
} from './books';

const now = new Date('2026-11-20T21:00:00.000Z');
const later = new Date('2026-11-24T21:00:00.000Z');

/** A healthy wallet: $20 in, $5 refunded, six predictions (five free), the paid one charged. */
function healthy() {
  const steps: WalletStep[] = [
    { txId: 'deposit:pi_1', decide: (w) => deposit(w, { paymentIntentId: 'pi_1', amountCents: 2000, now }) },
    ...['a', 'b', 'c', 'd', 'e', 'f'].map((id) => ({
      txId: `reserve:${id}`,
      decide: (w: Parameters<typeof payForPrediction>[0]) =>
        payForPrediction(w, { predictionId: id, ticker: 'KO', now }),
    })),
    {
      txId: 'settle:f',
      decide: (w) => settle(w, { predictionId: 'f', ticker: 'KO', outcome: 'hit', isFree: false, now: later }),
    },
    {
      txId: 'top-up-refund:pi_1:re_1',
      decide: (w) => refundTopUp(w, { paymentIntentId: 'pi_1', refundId: 're_1', amountCents: 500, now: later }),
    },
  ];
  const plan = planCommit(undefined, new Set(), steps, { userId: 'u1', now });
  return { wallet: plan.wallet, lines: plan.applied.flatMap((a) => a.decision.transactions) };
}

describe('auditWallet', () => {
  it('adds a healthy wallet to the totals, naming nothing', () => {
    const { wallet, lines } = healthy();
    expect(auditWallet(wallet, lines, { since: later.toISOString(), now: later })).toEqual({
      walletId: 'u1',
      inCents: 1500,
      chargedCents: 100,
      reservedCents: 0,
      violations: [],
      suspectTxIds: ['settle:f', 'top-up-refund:pi_1:re_1'],
      fold: expect.objectContaining({ walletId: 'u1', lineCount: lines.length }),
    });
  });

  it('finds a wallet changed behind the ledger, and a line changed behind it, naming the line it can', () => {
    const { wallet, lines } = healthy();
    expect(
      auditWallet({ ...wallet, balance: wallet.balance + 700 }, lines, { since: later.toISOString(), now: later })
        .violations,
    ).toEqual(['wallet holds 2200 cents but received 2000 and gave back 500']);
    const twice = [...lines, lines[0]!] as Transaction[];
    const books = auditWallet(wallet, twice, { since: later.toISOString(), now: later });
    expect(books.violations).toContain('transaction deposit:pi_1 appears twice');
    expect(books.suspectTxIds).toEqual(['deposit:pi_1']);
  });
});

describe('auditWallet on an admin refund in progress', () => {
  const hold = (heldAt: Date) => {
    const { wallet, lines } = healthy();
    const decision = holdForRefund(wallet, {
      holdId: 'h1',
      paymentIntentId: 'pi_1',
      amountCents: 300,
      refundableCents: 1500,
      now: heldAt,
    });
    return { wallet: decision.wallet, lines: [...lines, ...decision.transactions] };
  };

  it("counts held money as the wallet's while the refund is on its way", () => {
    const { wallet, lines } = hold(later);
    const books = auditWallet(wallet, lines, { since: later.toISOString(), now: later });
    expect(books).toMatchObject({ inCents: 1500, violations: [] });
  });

  it('names a hold older than the nightly resolver leaves one: its refund pending that long, or not resolvable', () => {
    const { wallet, lines } = hold(now);
    const justBefore = new Date(now.getTime() + STALE_REFUND_HOLD_MS - 1);
    expect(auditWallet(wallet, lines, { since: now.toISOString(), now: justBefore }).violations).toEqual([]);
    const stale = new Date(now.getTime() + STALE_REFUND_HOLD_MS);
    expect(auditWallet(wallet, lines, { since: now.toISOString(), now: stale }).violations).toEqual([
      'refund-hold:h1 has held 300 cents of pi_1 since 2026-11-20T21:00:00.000Z: its refund is still pending at ' +
        'Stripe, or the refund-hold resolver could not end it',
    ]);
  });
});

describe('reconcile', () => {
  const money: StripeMoney = {
    payments: [{ paymentIntentId: 'pi_1', userId: 'u1', amountCents: 2000 }],
    refunds: [{ refundId: 're_1', paymentIntentId: 'pi_1', userId: 'u1', amountCents: 500, status: 'succeeded' }],
    disputes: [{ disputeId: 'dp_2', paymentIntentId: 'pi_2', userId: 'u2', amountCents: 900, status: 'lost' }],
  };

  it("expects a line per top-up, refund, dispute and the bank's decision, and finds them all", () => {
    const expected = expectedLines(money);
    expect(expected.map((e) => e.txId)).toEqual([
      'deposit:pi_1',
      'top-up-refund:pi_1:re_1',
      'dispute:pi_2:dp_2',
      'dispute-lost:pi_2:dp_2',
    ]);
    const { lines } = healthy();
    const stored = new Map(lines.map((t) => [t.id, t]));
    const other = (id: string, type: Transaction['type']): Transaction => ({
      id,
      type,
      amount: 900,
      walletId: 'u2',
      ticker: null,
      description: '',
      date: now.toISOString(),
      createdAt: now.toISOString(),
    });
    stored.set('dispute:pi_2:dp_2', other('dispute:pi_2:dp_2', 'dispute'));
    stored.set('dispute-lost:pi_2:dp_2', other('dispute-lost:pi_2:dp_2', 'dispute_lost'));
    expect(reconcile(expected, stored)).toEqual([]);

    // A missing line, another amount, another wallet: each a discrepancy naming the line and Stripe's object.
    stored.delete('dispute-lost:pi_2:dp_2');
    stored.set('deposit:pi_1', { ...stored.get('deposit:pi_1')!, amount: 2500 });
    stored.set('top-up-refund:pi_1:re_1', { ...stored.get('top-up-refund:pi_1:re_1')!, walletId: 'u9' });
    expect(reconcile(expected, stored).map((d) => [d.txId, d.stripeId, d.reason])).toEqual([
      ['deposit:pi_1', 'pi_1', "deposit:pi_1 is 2500 cents, but Stripe's pi_1 is 2000"],
      ['top-up-refund:pi_1:re_1', 're_1', "top-up-refund:pi_1:re_1 is in wallet u9, but Stripe's re_1 belongs to u1"],
      ['dispute-lost:pi_2:dp_2', 'dp_2', 'Stripe lists dp_2 (900 cents), but the ledger has no dispute-lost:pi_2:dp_2'],
    ]);
  });
});

describe('reconcilePeriod, both ways', () => {
  const none: StripeMoney = { payments: [], refunds: [], disputes: [] };
  const { lines } = healthy();
  const refundOf = lines.find((t) => t.type === 'top_up_refund')!;
  const stored = (of: readonly Transaction[]) => new Map(of.map((t) => [t.id, t]));
  const payment = { paymentIntentId: 'pi_1', userId: 'u1', amountCents: 2000 };
  const refund = { refundId: 're_1', paymentIntentId: 'pi_1', userId: 'u1', amountCents: 500 };

  it('finds nothing when every line of the period has its final Stripe object, listed or looked up', () => {
    const listed: StripeMoney = { ...none, payments: [payment] };
    const named: StripeMoney = { ...none, payments: [payment], refunds: [{ ...refund, status: 'succeeded' }] };
    const period = { listed, lines: [lines[0]!, refundOf], named, carried: [] };
    expect(reconcilePeriod(period, stored(lines))).toEqual({ discrepancies: [], pending: [] });
  });

  it('names a ledger line with nothing behind it, or behind it for another amount, and what Stripe lacks', () => {
    const nobody = { ...lines[0]!, id: 'deposit:pi_nobody', amount: 700 };
    const period = { listed: none, lines: [nobody, refundOf], named: none, carried: [] };
    expect(reconcilePeriod(period, stored(lines)).discrepancies).toEqual([
      {
        stripeId: 'pi_nobody',
        walletId: 'u1',
        txId: 'deposit:pi_nobody',
        reason:
          'The ledger has deposit:pi_nobody (700 cents) in wallet u1, but Stripe has no final pi_nobody behind it',
      },
      {
        stripeId: 're_1',
        walletId: 'u1',
        txId: 'top-up-refund:pi_1:re_1',
        reason:
          'The ledger has top-up-refund:pi_1:re_1 (500 cents) in wallet u1, but Stripe has no final re_1 behind it',
      },
    ]);
    const smaller = { ...none, refunds: [{ ...refund, amountCents: 400, status: 'succeeded' as const }] };
    const differs = reconcilePeriod({ ...period, lines: [refundOf], named: smaller }, stored(lines));
    expect(differs.discrepancies.map((d) => d.reason)).toEqual([
      "top-up-refund:pi_1:re_1 is 500 cents, but Stripe's re_1 is 400",
    ]);
  });

  it('carries a pending refund, line or not, and once final expects its line, or none if it failed', () => {
    const pendingNow = { ...none, refunds: [{ ...refund, status: 'pending' as const }] };
    // Pending: its line (written early, say) is no finding, and it is carried.
    const seen = reconcilePeriod({ listed: pendingNow, lines: [refundOf], named: none, carried: [] }, stored(lines));
    expect(seen).toEqual({ discrepancies: [], pending: [refund] });

    // Succeeded since, outside the period: its line must exist.
    const succeeded = { ...none, refunds: [{ ...refund, status: 'succeeded' as const }] };
    const without = stored(lines.filter((t) => t !== refundOf));
    const later = { listed: none, lines: [], named: succeeded, carried: [refund] };
    expect(reconcilePeriod(later, without).discrepancies.map((d) => d.txId)).toEqual(['top-up-refund:pi_1:re_1']);
    expect(reconcilePeriod(later, stored(lines))).toEqual({ discrepancies: [], pending: [] });

    // Failed (or gone from Stripe): its line must not exist.
    const failed = { ...none, refunds: [{ ...refund, status: 'failed' as const }] };
    for (const named of [failed, none]) {
      const found = reconcilePeriod({ ...later, named }, stored(lines));
      expect(found.discrepancies.map((d) => d.txId)).toEqual(['top-up-refund:pi_1:re_1']);
      expect(reconcilePeriod({ ...later, named }, without)).toEqual({ discrepancies: [], pending: [] });
    }
  });

  it('looks up the top-ups of lines the period does not list, and those of carried refunds, once each', () => {
    const listed: StripeMoney = { ...none, payments: [payment] };
    const other = { ...refundOf, id: 'top-up-refund:pi_2:re_2' };
    const carried = [{ ...refund, paymentIntentId: 'pi_3', refundId: 're_3' }];
    expect(topUpsToLookUp(listed, [lines[0]!, refundOf, other, other], carried)).toEqual(['pi_1', 'pi_2', 'pi_3']);
    expect(topUpsToLookUp({ ...listed, refunds: [{ ...refund, status: 'succeeded' }] }, [refundOf], [])).toEqual([]);
  });
});

describe('the reconciliation window', () => {
  const wallNow = new Date('2026-11-26T21:00:00.000Z');
  const marketNow = new Date('2021-03-01T21:30:00.000Z');

  it('ends an hour before now, starting where the last finished one ended, on each clock', () => {
    expect(nextWindow(undefined, { wallNow, marketNow })).toEqual({
      stripe: { from: '1970-01-01T00:00:00.000Z', to: '2026-11-26T20:00:00.000Z' },
      ledger: { from: '1970-01-01T00:00:00.000Z', to: '2021-03-01T20:30:00.000Z' },
    });
    const done = { stripeTo: '2026-11-25T20:00:00.000Z', ledgerTo: '2021-03-02T20:00:00.000Z', pendingRefunds: [] };
    // A time machine set back gives an empty ledger period, never a backwards one.
    expect(nextWindow(done, { wallNow, marketNow })).toEqual({
      stripe: { from: '2026-11-25T20:00:00.000Z', to: '2026-11-26T20:00:00.000Z' },
      ledger: { from: '2021-03-02T20:00:00.000Z', to: '2021-03-02T20:00:00.000Z' },
    });
  });

  it('moves forward only, replacing the refunds it checked again with those still pending', () => {
    const refund = (refundId: string) => ({ refundId, paymentIntentId: 'pi_1', userId: 'u1', amountCents: 100 });
    const done = {
      stripeTo: '2026-11-26T20:00:00.000Z',
      ledgerTo: '2026-11-26T20:00:00.000Z',
      pendingRefunds: [refund('re_1'), refund('re_2')],
    };
    const window = {
      stripe: { from: '2026-11-25T20:00:00.000Z', to: '2026-11-25T21:00:00.000Z' },
      ledger: { from: '2026-11-25T20:00:00.000Z', to: '2026-11-27T20:00:00.000Z' },
    };
    expect(
      afterReconcile(done, {
        window,
        carried: [refund('re_1'), refund('re_2')],
        pending: [refund('re_2'), refund('re_3')],
      }),
    ).toEqual({
      stripeTo: '2026-11-26T20:00:00.000Z',
      ledgerTo: '2026-11-27T20:00:00.000Z',
      pendingRefunds: [refund('re_2'), refund('re_3')],
    });
    // A refund found pending by an overlapping run since this one planned stays.
    expect(afterReconcile(done, { window, carried: [refund('re_1')], pending: [] }).pendingRefunds).toEqual([
      refund('re_2'),
    ]);
  });
});

describe('checkpoints of the books', () => {
  const placed = (lines: readonly Transaction[], rewritten: readonly string[] = []) =>
    lines.map((line, i) => ({
      line,
      position: { at: String(i).padStart(4, '0'), txId: line.id },
      writtenSinceCheckpoint: rewritten.includes(line.id),
    }));

  /** The healthy history audited up to its fourth line (its checkpoint), the rest after it. */
  function checkpointed() {
    const { wallet, lines } = healthy();
    const first = placed(lines).slice(0, 4);
    const books = auditWallet(wallet, lines.slice(0, 4), { since: '', now: later });
    const checkpoint = nextCheckpoint(
      undefined,
      books.fold,
      first.map((l) => l.position),
    );
    return { wallet, lines, checkpoint };
  }

  it('moves on to the last line audited, and folds on from it as the whole history does', () => {
    const { wallet, lines, checkpoint } = checkpointed();
    expect(checkpoint.position).toEqual({ at: '0003', txId: lines[3]!.id });
    const night = auditWallet(wallet, lines.slice(4), { since: '', now: later, from: checkpoint.fold });
    expect(night).toEqual({
      ...auditWallet(wallet, lines, { since: '', now: later }),
      suspectTxIds: night.suspectTxIds,
    });
    const next = nextCheckpoint(
      checkpoint,
      night.fold,
      placed(lines)
        .slice(4)
        .map((l) => l.position),
    );
    expect(next.position).toEqual({ at: String(lines.length - 1).padStart(4, '0'), txId: lines.at(-1)!.id });
    expect(nextCheckpoint(next, night.fold, []).position).toEqual(next.position);
  });

  it('finds nothing when the lines behind it are those it audited, whatever came after', () => {
    const { lines, checkpoint } = checkpointed();
    expect(checkpointFindings('u1', checkpoint, placed(lines, [lines[5]!.id]))).toBeUndefined();
  });

  it('names a line changed or added behind it, and counts the lines removed', () => {
    const { lines, checkpoint } = checkpointed();
    const changed = lines.map((t, i) => (i === 1 ? { ...t, amount: t.amount + 100 } : t));
    expect(checkpointFindings('u1', checkpoint, placed(changed, [lines[1]!.id]))).toEqual({
      reason: expect.stringContaining(`changed or added behind it: ${lines[1]!.id}`),
      txIds: [lines[1]!.id],
    });
    const added = { ...lines[0]!, id: 'deposit:pi_forged' };
    const withAdded = [
      ...placed(lines),
      { line: added, position: { at: '0000', txId: added.id }, writtenSinceCheckpoint: true },
    ];
    expect(checkpointFindings('u1', checkpoint, withAdded)?.txIds).toEqual(['deposit:pi_forged']);
    const removed = placed(lines).filter((_, i) => i !== 2);
    const found = checkpointFindings('u1', checkpoint, removed);
    expect(found?.reason).toContain('3 lines behind its audited checkpoint up to reserve:c, where the audit found 4');
    expect(found?.reason).toContain('1 removed');
    expect(found?.txIds).toEqual(['reserve:c']);
  });
});

describe('isFullAuditDay', () => {
  it("is Friday's run, once a week", () => {
    const week = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29'];
    expect(week.filter(isFullAuditDay)).toEqual(['2026-11-27']);
  });
});
