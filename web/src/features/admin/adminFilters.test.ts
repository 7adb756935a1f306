import { describe, expect, it } from 'vitest';
import { newestFirst } from './adminFilters';
import { aPrediction } from './admin.testkit';

const ids = (rows: readonly { id: string }[]) => rows.map((r) => r.id);

describe('newestFirst', () => {
  it('orders by creation, newest first, without touching its input', () => {
    const rows = [
      aPrediction({ id: 'old', createdAt: '2025-06-01T10:00:00.000Z' }),
      aPrediction({ id: 'new', createdAt: '2025-06-03T10:00:00.000Z' }),
      aPrediction({ id: 'mid', createdAt: '2025-06-02T10:00:00.000Z' }),
    ];
    expect(ids(newestFirst(rows))).toEqual(['new', 'mid', 'old']);
    expect(rows[0]!.id).toBe('old');
  });
});
