/**
 * The wallet ledger (docs/product.md#money-and-the-wallet-ledger), pure: its rules (rules.ts), derived ids (ids.ts),
 * invariants (invariants.ts), what one commit of N decisions does (commit.ts), the statement's lines (lines.ts), the
 * top-ups Stripe reports (topUps.ts) and the one-time migration of old wallets (shape.ts). The only code that writes
 * a wallet or its lines is functions/src/adapters/firestore/walletWriter.ts.
 */
export * from './ids';
export * from './rules';
export * from './invariants';
export * from './commit';
export * from './history';
export * from './digest';
