import { describe, expect, it } from 'vitest';
import { MARK_READ_MAX_IDS, NotificationsPage, UnreadCount } from '@stockseer/contract';
import { apiCall, newTestUser } from '../../../../tools/testing/api';
import { adminSdk } from '../../../../tools/lib/adminSdk';
import { notificationWrite } from '../../adapters/firestore/notifications';
import { predictionResolved, topUpRefunded } from '../../domain/notifications';

/**
 * The inbox's API (docs/product.md#inbox) through Hosting and the Functions emulator: a page newest first with the
 * unread count and a cursor, marking some or all read, each user's own entries only, and bad input a 400.
 */
const { db } = adminSdk();

/** `count` resolved-prediction entries for the user, one minute apart (the newest last), and one refund. */
async function inboxWith(uid: string, count: number) {
  const start = Date.parse('2026-11-02T21:00:00Z');
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const draft = predictionResolved(
      {
        predictionId: `p${i}-${uid}`,
        symbol: 'KO',
        timeFrame: 'short',
        status: i % 2 ? 'hit' : 'missed',
        isFree: i === 0,
      },
      'run-test',
    );
    const [ref, data] = notificationWrite(db, uid, draft, new Date(start + i * 60_000));
    await ref.create(data);
    ids.push(ref.id);
  }
  const [ref, data] = notificationWrite(
    db,
    uid,
    topUpRefunded({ paymentIntentId: 'pi_x', refundId: `re_${uid}`, amountCents: 2000 }),
    new Date(start + count * 60_000),
  );
  await ref.create(data);
  ids.push(ref.id);
  return ids.reverse();
}

const page = async (token: string, query = '') => {
  const answer = await apiCall(`/api/notifications${query}`, { token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return NotificationsPage.parse(answer.body);
};
const markRead = async (token: string, body: unknown) => {
  const answer = await apiCall('/api/notifications/read', { token, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return UnreadCount.parse(answer.body).unreadCount;
};

describe('GET /api/notifications', () => {
  it('answers the newest first, page by page, with the unread count of all of them', async () => {
    const user = await newTestUser('inbox-pages');
    const newestFirst = await inboxWith(user.uid, 6);

    const first = await page(user.token, '?limit=4');
    expect(first.notifications.map((n) => n.id)).toEqual(newestFirst.slice(0, 4));
    expect(first.unreadCount).toBe(7);
    expect(first.nextCursor).toBe(newestFirst[3]);
    const second = await page(user.token, `?limit=4&cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(second.notifications.map((n) => n.id)).toEqual(newestFirst.slice(4));
    expect(second.nextCursor).toBeNull();

    expect(first.notifications[0]).toMatchObject({
      kind: 'topUp.refunded',
      amountCents: 2000,
      read: false,
      runId: null,
      transactionId: `top-up-refund:pi_x:re_${user.uid}`,
    });
    expect(first.notifications[1]).toMatchObject({
      kind: 'prediction.hit',
      runId: 'run-test',
      amountCents: 100,
      isFree: false,
      symbol: 'KO',
      timeFrame: 'short',
      createdAt: '2026-11-02T21:05:00.000Z',
    });
    expect(second.notifications.at(-1)).toMatchObject({ kind: 'prediction.missed', isFree: true, amountCents: 0 });
  });

  it('is empty for a new user, and 401 without a token', async () => {
    const user = await newTestUser('inbox-empty');
    expect(await page(user.token)).toEqual({ notifications: [], unreadCount: 0, nextCursor: null });
    const anonymous = await apiCall('/api/notifications');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ message: expect.any(String) });
  });

  it.each([
    ['?limit=0', 'limit'],
    ['?limit=51', 'limit'],
    ['?limit=ten', 'limit'],
    ['?cursor=a%2Fb', 'cursor'],
    ['?cursor=__name__', 'cursor'],
    ['?cursor=no-such-notification', 'cursor'],
  ])('refuses %s with a 400 that names the %s', async (query, field) => {
    const user = await newTestUser('inbox-bad-query');
    const answer = await apiCall<{ message: string }>(`/api/notifications${query}`, { token: user.token });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain(field);
  });
});

describe('POST /api/notifications/read', () => {
  it("marks some by id, then all; another user's ids change nothing of theirs", async () => {
    const [owner, other] = await Promise.all([newTestUser('inbox-owner'), newTestUser('inbox-other')]);
    const [ownerIds, otherIds] = await Promise.all([inboxWith(owner.uid, 3), inboxWith(other.uid, 2)]);

    expect(await markRead(owner.token, { ids: [ownerIds[0], ownerIds[2], 'no-such-id'] })).toBe(2);
    expect((await page(owner.token)).notifications.map((n) => n.read)).toEqual([true, false, true, false]);
    // Marking again changes nothing.
    expect(await markRead(owner.token, { ids: [ownerIds[0]] })).toBe(2);

    // The other user names the owner's ids: their own inbox has none of them, and the owner's is untouched.
    expect(await markRead(other.token, { ids: ownerIds })).toBe(3);
    expect((await page(owner.token)).unreadCount).toBe(2);
    expect((await page(other.token)).notifications.map((n) => n.id)).toEqual(otherIds);

    expect(await markRead(owner.token, { all: true })).toBe(0);
    expect((await page(owner.token)).notifications.every((n) => n.read)).toBe(true);
    expect((await page(other.token)).unreadCount).toBe(3);
  });

  it.each([
    [{}, 'either ids or all'],
    [{ ids: [] }, 'at least one'],
    [{ ids: ['a', 'b'], all: true }, 'either ids or all'],
    [{ all: false }, 'all'],
    [{ ids: ['a/b'] }, 'ids'],
    [{ ids: Array.from({ length: MARK_READ_MAX_IDS + 1 }, (_, i) => `n${i}`) }, 'at most'],
    [{ ids: ['a'], extra: 1 }, 'extra'],
  ])('refuses %j with a 400 that says %s', async (body, says) => {
    const user = await newTestUser('inbox-bad-body');
    const answer = await apiCall<{ message: string }>('/api/notifications/read', { token: user.token, body });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain(says);
  });

  it('is 401 without a token', async () => {
    const answer = await apiCall('/api/notifications/read', { body: { all: true } });
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ message: expect.any(String) });
  });
});
