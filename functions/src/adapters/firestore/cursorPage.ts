import type { DocumentReference, Query, QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { validationError } from '../../domain/errors';

/**
 * One page of a list the Admin tab pages: the `limit` documents of `query` after the cursor's (`cursorRef`: 400 with
 * `cursorMessage` when it is not there), and the id the next page starts after, null on the last page (one more
 * document is read to know, so no page after the last comes back empty).
 */
export async function cursorPage(
  query: Query,
  { limit, cursorRef, cursorMessage }: { limit: number; cursorRef: DocumentReference | null; cursorMessage: string },
): Promise<{ docs: QueryDocumentSnapshot[]; nextCursor: string | null }> {
  let page = query;
  if (cursorRef) {
    const after = await cursorRef.get();
    if (!after.exists) throw validationError(cursorMessage);
    page = page.startAfter(after);
  }
  const snap = await page.limit(limit + 1).get();
  const docs = snap.docs.slice(0, limit);
  return { docs, nextCursor: snap.size > limit ? docs.at(-1)!.id : null };
}
