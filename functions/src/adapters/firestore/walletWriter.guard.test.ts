import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { COLLECTIONS } from './db';
import { QUERIES } from './queries';

// One door per aggregate (docs/architecture.md#the-wallet-writer): walletWriter.ts is the only code that writes a
// wallet or its ledger lines. Outside it, a file of functions/src that names their collections (directly or by one
// of the queries over them) may only read them: it holds no Firestore write at all. A write to another collection
// that belongs with the money goes through the writer's `alsoWrite`, from a file that does not name these.

const SRC = join(dirname(fileURLToPath(import.meta.url)), '../..');
const WRITER = 'adapters/firestore/walletWriter.ts';
const WALLET_COLLECTIONS = [COLLECTIONS.wallets, COLLECTIONS.transactions] as string[];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$|\.d\.ts$/.test(entry.name) ? [path] : [];
  });
}

const walletQueries = Object.entries(QUERIES)
  .filter(([, query]) => WALLET_COLLECTIONS.includes(query.collection))
  .map(([name]) => name);
const NAMES_WALLETS = new RegExp(
  [
    String.raw`COLLECTIONS\.(wallets|transactions)\b`,
    String.raw`\.collection\(\s*['"\x60](wallets|transactions)['"\x60]`,
    String.raw`QUERIES\.(${walletQueries.join('|')})\b`,
  ].join('|'),
);
/** Firestore's writes: through a transaction or batch, on a document reference, or in bulk (not a Map's `set`). */
const WRITES = new RegExp(
  [
    String.raw`\b(tx|transaction|batch|writer)\.(set|update|create|delete)\(`,
    String.raw`(\.doc\([^)]*\)|\bref|Ref)\.(set|update|create|delete)\(`,
    String.raw`\.batch\(\)|\.bulkWriter\(|\.recursiveDelete\(`,
  ].join('|'),
);

/** The files, other than the writer, that name a wallet collection and also write to Firestore. */
export function walletWritersOutsideTheWriter(files: readonly { path: string; text: string }[]): string[] {
  return files
    .filter(({ path, text }) => path !== WRITER && NAMES_WALLETS.test(text) && WRITES.test(text))
    .map(({ path }) => path);
}

describe('the one wallet writer', () => {
  const files = sourceFiles(SRC).map((path) => ({ path: relative(SRC, path), text: readFileSync(path, 'utf8') }));

  it('is the only file of functions/src that both names the wallet collections and writes', () => {
    expect(walletQueries).toContain('walletLedger');
    expect(files.some((f) => f.path === WRITER)).toBe(true);
    expect(walletWritersOutsideTheWriter(files)).toEqual([]);
  });

  it("holds for the test kits too: they seed money through the writer, so the overview's figures count it", () => {
    const kits = join(SRC, '../../tools/testing');
    const kitFiles = sourceFiles(kits).map((path) => ({
      path: relative(kits, path),
      text: readFileSync(path, 'utf8'),
    }));
    expect(kitFiles.map((f) => f.path)).toContain('duePredictions.ts');
    expect(walletWritersOutsideTheWriter(kitFiles)).toEqual([]);
  });

  it('catches a second writer, however it names the collection', () => {
    const seeded = [
      { path: 'a.ts', text: 'tx.set(db.collection(COLLECTIONS.wallets).doc(id), wallet);' },
      { path: 'b.ts', text: "const ref = db.collection('transactions').doc(id);\nawait ref.update({ amount: 1 });" },
      {
        path: 'c.ts',
        text: 'for (const d of (await buildQuery(db, QUERIES.walletLedger, [id]).get()).docs) d.ref.delete();',
      },
      { path: 'd.ts', text: 'const snap = await db.collection(COLLECTIONS.wallets).doc(id).get();\nseen.set(id, 1);' },
      { path: WRITER, text: 'tx.set(db.collection(COLLECTIONS.wallets).doc(id), wallet);' },
    ];
    expect(walletWritersOutsideTheWriter(seeded)).toEqual(['a.ts', 'b.ts', 'c.ts']);
  });
});
