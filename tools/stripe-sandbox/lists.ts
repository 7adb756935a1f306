/**
 * Stripe's list parameters, as the sandbox honours them for `GET /v1/payment_intents`, `/v1/refunds` and
 * `/v1/disputes`: `created` (a Unix time, or a range of `gt`, `gte`, `lt`, `lte`), `limit` (1 to 100, 10 by default)
 * and `starting_after` (the last id of the page before). Newest first, with `has_more`, so that the real `stripe`
 * SDK's auto-pagination walks every page (the nightly audit of the books lists a day's money this way).
 */
import { invalidRequest } from './errors';
import type { FormObject } from './form';
import { readInteger, readObject, readString } from './params';

export interface ListPage<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  url: string;
}

/** One page of `newestFirst` (items as the store holds them, newest first) that the parameters ask for. */
export function listPage<T extends { id: string; created: number }>(
  url: string,
  newestFirst: readonly T[],
  form: FormObject,
): ListPage<T> {
  const limit = readInteger(form.limit, 'limit') ?? 10;
  if (limit < 1 || limit > 100) throw invalidRequest('limit must be between 1 and 100.', { param: 'limit' });
  const inRange = createdFilter(form);
  const matching = newestFirst.filter((item) => inRange(item.created));
  const after = readString(form.starting_after, 'starting_after');
  const start = after === undefined ? 0 : matching.findIndex((item) => item.id === after) + 1;
  if (after !== undefined && start === 0) {
    throw invalidRequest(`No such object: '${after}'`, { param: 'starting_after' });
  }
  const data = matching.slice(start, start + limit);
  return { object: 'list', data, has_more: start + limit < matching.length, url };
}

function createdFilter(form: FormObject): (created: number) => boolean {
  if (typeof form.created === 'string') {
    const at = readInteger(form.created, 'created')!;
    return (created) => created === at;
  }
  const range = readObject(form.created, 'created') ?? {};
  const bound = (name: string) => readInteger(range[name], `created[${name}]`);
  const [gt, gte, lt, lte] = [bound('gt'), bound('gte'), bound('lt'), bound('lte')];
  return (created) =>
    (gt === undefined || created > gt) &&
    (gte === undefined || created >= gte) &&
    (lt === undefined || created < lt) &&
    (lte === undefined || created <= lte);
}
