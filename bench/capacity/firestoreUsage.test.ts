import { describe, expect, it } from 'vitest';
import { readsAtEnd, readsOfChunk, writesOfCall } from './firestoreUsage';

describe('counting Firestore documents as billed', () => {
  it('a commit or batch write: a write per document it changes; other calls none', () => {
    expect(writesOfCall('commit', { writes: [{}, {}, {}] })).toBe(3);
    expect(writesOfCall('batchWrite', { writes: [{}] })).toBe(1);
    expect(writesOfCall('commit', {})).toBe(0);
    expect(writesOfCall('rollback', { writes: [{}] })).toBe(0);
    expect(writesOfCall('beginTransaction', {})).toBe(0);
  });

  it('a lookup: a read per document found or missing, none for a transaction-only answer', () => {
    expect(readsOfChunk('batchGetDocuments', { found: { name: 'a' } })).toBe(1);
    expect(readsOfChunk('batchGetDocuments', { missing: 'b' })).toBe(1);
    expect(readsOfChunk('batchGetDocuments', { transaction: 'x' })).toBe(0);
  });

  it('a query: a read per document, and one when it found none', () => {
    expect(readsOfChunk('runQuery', { document: { name: 'a' } })).toBe(1);
    expect(readsOfChunk('runQuery', { readTime: {} })).toBe(0);
    expect(readsAtEnd('runQuery', 0)).toBe(1);
    expect(readsAtEnd('runQuery', 5)).toBe(0);
    expect(readsAtEnd('batchGetDocuments', 0)).toBe(0);
  });

  it('an aggregation: one read per result', () => {
    expect(readsOfChunk('runAggregationQuery', { result: {} })).toBe(1);
    expect(readsOfChunk('listen', { documentChange: {} })).toBe(0);
  });
});
