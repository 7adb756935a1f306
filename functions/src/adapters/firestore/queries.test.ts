import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_ID, QUERIES, type Filter, type Order, type QueryShape } from './queries';

/**
 * Production Firestore refuses a query that needs a composite index it lacks; the emulator serves it anyway. So
 * every query the functions make (queries.ts) is checked here against firestore.indexes.json (issue 8, item 9).
 *
 * Firestore's rules, as used here: single-field indexes (automatic) serve a query on one field (filters and order
 * on it, then the document id in the same direction), and equality filters on any number of fields ordered by
 * document id ascending (index merging). Anything else (equality plus a range or an order on another field, or
 * ranges and orders on two fields) needs a composite index: the equality fields first in any order, then the
 * ordered fields in the query's order and directions, then the document id (written last, or implied in the
 * direction of the index's last field). Several equalities with an order are also served by merging one index per
 * equality field that each end in that same order (Firestore's documented index merging: the restaurants example,
 * `category ==` and `city ==` ordered by `star_rating`, from (category, star_rating) and (city, star_rating)).
 */

type Direction = 'ASCENDING' | 'DESCENDING';
interface Index {
  collectionGroup: string;
  queryScope: 'COLLECTION' | 'COLLECTION_GROUP';
  fields: { fieldPath: string; order?: Direction; arrayConfig?: string }[];
}
type Scope = Index['queryScope'];
interface CompositeNeed {
  collection: string;
  /** COLLECTION_GROUP for a collection-group query; COLLECTION when absent. */
  scope?: Scope;
  equalities: string[];
  /** Ordered fields, the document id excluded. */
  orders: { field: string; direction: Direction }[];
  documentIdDirection: Direction;
}

interface FieldOverride {
  collectionGroup: string;
  fieldPath: string;
  indexes: { queryScope: Scope; order?: Direction; arrayConfig?: string }[];
}
const { indexes, fieldOverrides } = JSON.parse(
  readFileSync(new URL('../../../../firestore.indexes.json', import.meta.url), 'utf8'),
) as { indexes: Index[]; fieldOverrides: FieldOverride[] };

const direction = (order: Order): Direction => (order.direction === 'asc' ? 'ASCENDING' : 'DESCENDING');

/** Each form the query takes: with and without each optional filter. */
function variants(shape: QueryShape): Filter[][] {
  return shape.where.reduce<Filter[][]>(
    (forms, filter) => (filter.optional ? forms.flatMap((f) => [f, [...f, filter]]) : forms.map((f) => [...f, filter])),
    [[]],
  );
}

/** The composite index one form of the query needs, or null when single-field indexes serve it. */
function compositeNeed(collection: string, where: readonly Filter[], orderBy: readonly Order[] = []) {
  const equalities = [...new Set(where.filter((f) => f.op === '==').map((f) => f.field))];
  // Firestore's order: the explicit one, then any range field not in it (by name), then the document id.
  const orders = orderBy.filter((o) => !equalities.includes(o.field)).map((o) => ({ ...o, direction: direction(o) }));
  const ranged = [...new Set(where.filter((f) => f.op !== '==').map((f) => f.field))].sort();
  for (const field of ranged) {
    if (!orders.some((o) => o.field === field)) orders.push({ field, direction: 'ASCENDING' });
  }
  const byId = orders.find((o) => o.field === DOCUMENT_ID);
  const fields = orders.filter((o) => o.field !== DOCUMENT_ID);
  if (byId && orders.at(-1) !== byId) throw new Error(`${collection}: the document id must be the last order`);
  const need: CompositeNeed = {
    collection,
    equalities,
    orders: fields.map(({ field, direction }) => ({ field, direction })),
    documentIdDirection: byId?.direction ?? fields.at(-1)?.direction ?? 'ASCENDING',
  };
  const mergedEqualities = fields.length === 0 && need.documentIdDirection === 'ASCENDING';
  const oneField = equalities.length === 0 && fields.length === 1 && need.documentIdDirection === fields[0]!.direction;
  return mergedEqualities || oneField ? null : need;
}

/** Whether `index` serves the need: same collection, equalities first (any order), then the orders exactly. */
function serves(index: Index, need: CompositeNeed): boolean {
  if (index.collectionGroup !== need.collection || index.queryScope !== (need.scope ?? 'COLLECTION')) return false;
  const last = index.fields.at(-1);
  const fields = last?.fieldPath === DOCUMENT_ID ? index.fields.slice(0, -1) : index.fields;
  const documentIdDirection = last?.fieldPath === DOCUMENT_ID ? last.order : fields.at(-1)?.order;
  if (fields.length !== need.equalities.length + need.orders.length) return false;
  const head = fields.slice(0, need.equalities.length);
  const tail = fields.slice(need.equalities.length);
  return (
    head.every((f) => need.equalities.includes(f.fieldPath) && f.order !== undefined) &&
    new Set(head.map((f) => f.fieldPath)).size === need.equalities.length &&
    tail.every((f, i) => f.fieldPath === need.orders[i]!.field && f.order === need.orders[i]!.direction) &&
    documentIdDirection === need.documentIdDirection
  );
}

/** Firestore merges, for several equalities and an order, one index per equality field ending in that order. */
function servedByMerging(need: CompositeNeed, available: readonly Index[]): boolean {
  return (
    need.equalities.length > 1 &&
    need.equalities.every((field) => available.some((index) => serves(index, { ...need, equalities: [field] })))
  );
}

const needs = Object.entries(QUERIES as Record<string, QueryShape>).flatMap(([name, shape]) =>
  variants(shape).flatMap((where) => {
    const need = compositeNeed(shape.collection, where, shape.orderBy);
    const scope: Scope = shape.collectionGroup ? 'COLLECTION_GROUP' : 'COLLECTION';
    return need ? [{ name, where: where.map((f) => `${f.field} ${f.op}`).join(', '), need: { ...need, scope } }] : [];
  }),
);

/**
 * Firestore keeps single-field indexes automatically for queries on one collection only: a collection-group query
 * that one field serves needs that field's collection-group index declared (a field override).
 */
const groupFieldNeeds = Object.entries(QUERIES as Record<string, QueryShape>).flatMap(([name, shape]) =>
  shape.collectionGroup
    ? variants(shape).flatMap((where) => {
        if (compositeNeed(shape.collection, where, shape.orderBy)) return [];
        const fields = [...where.map((f) => f.field), ...(shape.orderBy ?? []).map((o) => o.field)];
        return [...new Set(fields)]
          .filter((field) => field !== DOCUMENT_ID)
          .map((field) => ({ name, collection: shape.collection, field }));
      })
    : [],
);
const groupScoped = (o: FieldOverride) => o.indexes.some((i) => i.queryScope === 'COLLECTION_GROUP');

describe('firestore.indexes.json serves every query of queries.ts', () => {
  it.each(needs.map((n) => [n.name, n.where, n.need] as const))(
    '%s (%s) has its composite index',
    (_name, _where, need) => {
      const wanted: Index = {
        collectionGroup: need.collection,
        queryScope: need.scope,
        fields: [
          ...need.equalities.map((fieldPath) => ({ fieldPath, order: 'ASCENDING' as const })),
          ...need.orders.map(({ field, direction }) => ({ fieldPath: field, order: direction })),
          { fieldPath: DOCUMENT_ID, order: need.documentIdDirection },
        ],
      };
      const message = `firestore.indexes.json needs ${JSON.stringify(wanted)} (or one per equality, to merge)`;
      const exact = indexes.filter((index) => serves(index, need)).length;
      expect(exact === 1 || (exact === 0 && servedByMerging(need, indexes)), message).toBe(true);
    },
  );

  it.each(groupFieldNeeds.map((n) => [n.name, n.field, n.collection] as const))(
    '%s has the collection-group index of %s',
    (_name, field, collection) => {
      const override = fieldOverrides.find((o) => o.collectionGroup === collection && o.fieldPath === field);
      const message = `firestore.indexes.json needs a fieldOverrides entry for ${collection}.${field} with a COLLECTION_GROUP index`;
      expect(override?.indexes, message).toContainEqual({ queryScope: 'COLLECTION_GROUP', order: 'ASCENDING' });
    },
  );

  it('holds no index that no query needs (each costs storage and write time)', () => {
    const unused = indexes.filter((index) => !needs.some(({ need }) => serves(index, need)));
    expect(unused).toEqual([]);
    const unusedGroupFields = fieldOverrides
      .filter(groupScoped)
      .filter((o) => !groupFieldNeeds.some((n) => n.collection === o.collectionGroup && n.field === o.fieldPath));
    expect(unusedGroupFields).toEqual([]);
  });
});

describe('the index rules the check applies', () => {
  const eq = (field: string): Filter => ({ field, op: '==' });
  const index = (collectionGroup: string, ...fields: [string, Direction][]): Index => ({
    collectionGroup,
    queryScope: 'COLLECTION',
    fields: fields.map(([fieldPath, order]) => ({ fieldPath, order })),
  });

  it('needs no composite index for equalities alone, or for one field with the document id', () => {
    expect(compositeNeed('c', [eq('a'), eq('b'), eq('c')])).toBeNull();
    expect(compositeNeed('c', [eq('a')], [{ field: DOCUMENT_ID, direction: 'asc' }])).toBeNull();
    expect(compositeNeed('c', [{ field: 'a', op: '<' }], [{ field: 'a', direction: 'desc' }])).toBeNull();
    expect(compositeNeed('c', [], [{ field: 'a', direction: 'asc' }])).toBeNull();
  });

  it('needs one for an equality with an order or a range on another field', () => {
    const need = compositeNeed('tx', [eq('walletId')], [{ field: 'date', direction: 'desc' }])!;
    expect(need).toEqual({
      collection: 'tx',
      equalities: ['walletId'],
      orders: [{ field: 'date', direction: 'DESCENDING' }],
      documentIdDirection: 'DESCENDING',
    });
    expect(serves(index('tx', ['walletId', 'ASCENDING'], ['date', 'DESCENDING']), need)).toBe(true);
    expect(serves(index('tx', ['walletId', 'ASCENDING'], ['date', 'ASCENDING']), need)).toBe(false);
    expect(serves(index('tx', ['date', 'DESCENDING'], ['walletId', 'ASCENDING']), need)).toBe(false);
    expect(serves(index('other', ['walletId', 'ASCENDING'], ['date', 'DESCENDING']), need)).toBe(false);
    expect(
      serves(index('tx', ['walletId', 'ASCENDING'], ['date', 'DESCENDING'], [DOCUMENT_ID, 'ASCENDING']), need),
    ).toBe(false);

    const ranged = compositeNeed('p', [eq('type'), eq('status'), { field: 'target', op: '<=' }])!;
    expect(serves(index('p', ['status', 'ASCENDING'], ['type', 'ASCENDING'], ['target', 'ASCENDING']), ranged)).toBe(
      true,
    );
  });

  it('serves several equalities with an order by merging one index per equality that ends in the order', () => {
    const byNewest = [{ field: 'createdAt', direction: 'desc' }] as const;
    const need = compositeNeed('p', [eq('userId'), eq('status')], byNewest)!;
    const perField = [
      index('p', ['userId', 'ASCENDING'], ['createdAt', 'DESCENDING']),
      index('p', ['status', 'ASCENDING'], ['createdAt', 'DESCENDING']),
    ];
    expect(servedByMerging(need, perField)).toBe(true);
    expect(servedByMerging(need, perField.slice(0, 1))).toBe(false);
    expect(servedByMerging(need, [perField[0]!, index('p', ['status', 'ASCENDING'], ['createdAt', 'ASCENDING'])])).toBe(
      false,
    );
    expect(servedByMerging(compositeNeed('p', [eq('userId')], byNewest)!, perField)).toBe(false);
  });

  it('needs one for an order on two fields, or a descending document id after equalities', () => {
    expect(
      compositeNeed(
        'c',
        [],
        [
          { field: 'a', direction: 'asc' },
          { field: 'b', direction: 'asc' },
        ],
      ),
    ).not.toBeNull();
    expect(compositeNeed('c', [eq('a')], [{ field: DOCUMENT_ID, direction: 'desc' }])).not.toBeNull();
  });

  it('checks every combination of optional filters', () => {
    const shape: QueryShape = {
      collection: 'p',
      where: [{ field: 'a', op: '==', optional: true }],
      orderBy: [{ field: 'b', direction: 'asc' }],
    };
    expect(variants(shape).map((where) => compositeNeed('p', where, shape.orderBy))).toEqual([
      null,
      {
        collection: 'p',
        equalities: ['a'],
        orders: [{ field: 'b', direction: 'ASCENDING' }],
        documentIdDirection: 'ASCENDING',
      },
    ]);
  });
});
