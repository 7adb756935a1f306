import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * A clone of the repository must explain itself: the product rules live in docs/product.md and the layers in
 * docs/architecture.md, and the code points there by anchor. Nothing may send a reader to the original specification
 * and decision files beside the repository (a sibling folder a clone does not have), by their names or by their
 * section numbers; only that folder's real prices (`market-data`) may be named, since they are data for the
 * benchmarks, not rules.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CODE_ROOTS = ['functions/src', 'web/src', 'contract/src', 'tools', 'e2e', 'bench'];
const CODE_FILE = /\.(ts|tsx|mts|mjs|js|css)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'lib', 'results', 'artifacts', 'fixtures']);
const DOCS = ['docs/product.md', 'docs/architecture.md'] as const;

/**
 * A citation of the outside files: their names in capitals, alone or with a section number or `.md`, or their folder
 * other than its prices. (The brackets keep this file from matching itself.)
 */
// Data beside the checkout (real prices, Stripe's example objects) may be named; the rules may not.
const OUTSIDE_RULES = [/\bS[P]EC\b/, /\bD[E]SIGN\b/, /\.\.\/s[h]ared\b(?!\/(?:market-data|stripe)\b)/];

function filesUnder(dir: string): string[] {
  const entries = readdirSync(path.join(ROOT, dir), { withFileTypes: true });
  return entries.flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : filesUnder(relative);
    return CODE_FILE.test(entry.name) ? [relative] : [];
  });
}

const codeFiles = CODE_ROOTS.flatMap(filesUnder);
/** The repository's prose: the READMEs and docs/ (the market-data folder may be named there too, as data). */
const proseFiles = [
  'README.md',
  'functions/README.md',
  'web/README.md',
  'tools/stripe-sandbox/README.md',
  ...readdirSync(path.join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
export function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(markdown: string): string[] {
  const withoutCodeBlocks = markdown.replace(/^```[\s\S]*?^```/gm, '');
  return [...withoutCodeBlocks.matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => anchorOf(m[1]!));
}

const anchors = new Map<string, string[]>(DOCS.map((doc) => [doc, anchorsOf(read(doc))]));

/** Every anchor of docs/product.md or docs/architecture.md that `text` cites, with the doc it names. */
function citations(text: string): { doc: string; anchor: string }[] {
  return [...text.matchAll(/docs\/(product|architecture)\.md#([\w-]+)/g)].map((m) => ({
    doc: `docs/${m[1]}.md`,
    anchor: m[2]!,
  }));
}

describe('the code stands alone', () => {
  it('finds the code to check', () => {
    expect(codeFiles.length).toBeGreaterThan(100);
    expect(codeFiles).toContain('functions/src/domain/ledger/rules.ts');
  });

  it('cites no section or file of the specification and decisions outside the repository', () => {
    const found = [...codeFiles, ...proseFiles].flatMap((file) =>
      read(file)
        .split('\n')
        .flatMap((line, i) =>
          OUTSIDE_RULES.some((rule) => rule.test(line)) ? [`${file}:${i + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(found, 'point to docs/product.md#… or docs/architecture.md#… instead').toEqual([]);
  });

  it('cites only anchors the docs have', () => {
    const broken = [...codeFiles, ...proseFiles].flatMap((file) =>
      citations(read(file))
        .filter(({ doc, anchor }) => !anchors.get(doc)!.includes(anchor))
        .map(({ doc, anchor }) => `${file}: ${doc}#${anchor}`),
    );
    expect(broken).toEqual([]);
  });

  it('keeps every anchor of the docs unique, and their links to each other whole', () => {
    for (const doc of DOCS) {
      const own = anchors.get(doc)!;
      expect(own.filter((a, i) => own.indexOf(a) !== i), `${doc} repeats a heading`).toEqual([]);
      const links = [...read(doc).matchAll(/\]\(((?:product|architecture)\.md)?#([\w-]+)\)/g)];
      const broken = links
        .map((m) => ({ target: m[1] ? `docs/${m[1]}` : doc, anchor: m[2]! }))
        .filter(({ target, anchor }) => !anchors.get(target)!.includes(anchor))
        .map(({ target, anchor }) => `${doc} -> ${target}#${anchor}`);
      expect(broken).toEqual([]);
    }
  });

  it('computes anchors as GitHub does', () => {
    expect(anchorOf('One forecast, one charge')).toBe('one-forecast-one-charge');
    expect(anchorOf('Idempotency-Key')).toBe('idempotency-key');
    expect(anchorOf('Money and the wallet ledger')).toBe('money-and-the-wallet-ledger');
  });
});
