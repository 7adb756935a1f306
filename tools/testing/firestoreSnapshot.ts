/**
 * Every document of the Firestore emulator, as stored (fields, create and update times), keyed by path. Two equal
 * snapshots mean nothing was written in between, not even a rewrite of the same data. One kindless query over
 * all collections; the emulator's `owner` token reads past the security rules.
 */
export async function firestoreSnapshot(): Promise<Map<string, string>> {
  const host = process.env.FIRESTORE_EMULATOR_HOST ?? '127.0.0.1:8080';
  const project = process.env.GCLOUD_PROJECT ?? 'demo-stockseer';
  const root = `projects/${project}/databases/(default)/documents`;
  const res = await fetch(`http://${host}/v1/${root}:runQuery`, {
    method: 'POST',
    headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
    body: JSON.stringify({ structuredQuery: { from: [{ allDescendants: true }] } }),
  });
  if (!res.ok) throw new Error(`Firestore emulator query failed: ${res.status} ${await res.text()}`);
  const rows = (await res.json()) as { document?: { name: string } }[];
  const documents = new Map<string, string>();
  for (const { document } of rows) {
    if (document) documents.set(document.name.slice(root.length + 1), canonicalJson(document));
  }
  return documents;
}

/** The paths of documents created, changed or deleted between two snapshots, sorted. */
export function changedDocuments(before: Map<string, string>, after: Map<string, string>): string[] {
  const paths = new Set([...before.keys(), ...after.keys()]);
  return [...paths].filter((path) => before.get(path) !== after.get(path)).sort();
}

/** JSON with object keys sorted, so that equal documents compare equal whatever order the emulator lists fields in. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}
