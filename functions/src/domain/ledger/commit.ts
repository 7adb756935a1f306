/**
 * What one wallet commit decides, before anything is written: the pure core of the wallet writer
 * (functions/src/adapters/firestore/walletWriter.ts), which reads the wallet and the steps' line ids in one
 * transaction, calls `planCommit`, and writes exactly what it returns. Kept here so that property tests drive the
 * writer's own decisions (ledger.property.test.ts) without a database.
 */
import type { Wallet } from '@stockseer/contract';
import { assertInvariant } from '../errors';
import { operationViolations, type LedgerDecision } from './invariants';
import { newWallet, resetAllowanceIfDue } from './rules';

/**
 * One change of a commit. With a `txId` (a derived id, ids.ts) it is a ledger rule whose decision appends exactly
 * that line, applied at most once: a line already written makes it a replay (idempotency before balance checks,
 * docs/product.md#ledger-lines). With `txId` null it appends no line and moves no money (the monthly allowance
 * renewal); it is idempotent by its own rule.
 */
export interface WalletStep<D extends LedgerDecision = LedgerDecision> {
  txId: string | null;
  /** The rule, on the wallet as the steps before left it; null: nothing to change. A throw aborts the commit. */
  decide: (wallet: Wallet) => D | null;
}

export type DecisionOf<S> = S extends WalletStep<infer D> ? D : never;

export interface CommitPlan<S extends WalletStep> {
  /** The wallet after every step; to write when `write` is true. */
  wallet: Wallet;
  write: boolean;
  applied: { step: S; decision: DecisionOf<S> }[];
  /** Steps whose line was written before: they moved nothing now. */
  replayed: S[];
}

/**
 * Applies the steps in order to the stored wallet (a missing one is a new wallet, docs/product.md#wallet-figures),
 * asserting on each decision the per-operation invariants, so that a commit of N decisions keeps the whole-history
 * invariants by induction. `writtenTxIds`: which of the steps' line ids exist already.
 */
export function planCommit<S extends WalletStep>(
  stored: Wallet | undefined,
  writtenTxIds: ReadonlySet<string>,
  steps: readonly S[],
  { userId, now }: { userId: string; now: Date },
): CommitPlan<S> {
  assertInvariant(stored === undefined || stored.userId === userId, `wallet ${stored?.userId} read as ${userId}'s`);
  let wallet = stored ?? newWallet(userId, now);
  const written = new Set(writtenTxIds);
  const plan: CommitPlan<S> = { wallet, write: stored === undefined, applied: [], replayed: [] };
  for (const step of steps) {
    if (step.txId !== null && written.has(step.txId)) {
      plan.replayed.push(step);
      continue;
    }
    const decision = step.decide(wallet) as DecisionOf<S> | null;
    if (decision === null) continue;
    const violations = stepViolations(wallet, step.txId, decision);
    assertInvariant(violations.length === 0, `${step.txId ?? 'a step'} on wallet ${userId}: ${violations.join('; ')}`);
    if (step.txId !== null) written.add(step.txId);
    wallet = decision.wallet;
    plan.applied.push({ step, decision });
  }
  return { ...plan, wallet, write: plan.write || plan.applied.length > 0 };
}

function stepViolations(before: Wallet, txId: string | null, decision: LedgerDecision): string[] {
  const ids = decision.transactions.map((t) => t.id);
  // Otherwise the id check of planCommit would guard a different write than the one made.
  if (txId !== null && !ids.every((id) => id === txId)) return [`the decision appends ${ids.join(', ')}`];
  if (txId === null) {
    if (ids.length > 0) return [`a step without a line appends ${ids.join(', ')}`];
    const fields = ['userId', 'createdAt', 'balance', 'reservedBalance', 'chargedBalance'] as const;
    return fields.filter((f) => before[f] !== decision.wallet[f]).map((f) => `a step without a line changed ${f}`);
  }
  return operationViolations(before, decision);
}

/** The monthly allowance renewal as a step: due when `resetDate` has come (`today` is New York's date). */
export function renewalStep({ today, now }: { today: string; now: Date }): WalletStep {
  return {
    txId: null,
    decide: (wallet) => {
      const renewed = resetAllowanceIfDue(wallet, { today, now });
      return renewed && { wallet: renewed, transactions: [] };
    },
  };
}
