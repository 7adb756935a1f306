import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, describe, expect, it } from 'vitest';
import { callerKeys, type CallerKeys } from './clientAddress';

/** The keys of requests sent over real HTTP to an Express app with `trust proxy` set as the API sets it. */
const servers: { close(): void }[] = [];
afterAll(() => servers.forEach((server) => server.close()));

async function keysBehind(hops: number) {
  const app = express();
  app.set('trust proxy', hops);
  app.get('/', (req, res) => res.json(callerKeys(req, hops)));
  const server = app.listen(0, '127.0.0.1');
  servers.push(server);
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return async (headers: Record<string, string>): Promise<CallerKeys> =>
    (await fetch(base, { headers })).json() as Promise<CallerKeys>;
}

// TEST-NET addresses (RFC 5737): documentation only, never contacted.
const EDGE = '198.51.100.7';
const OTHER_EDGE = '198.51.100.8';

describe('callerKeys behind one front end (trust proxy: 1)', () => {
  it('keys the edge by the entry the front end appended, whatever the caller wrote before it', async () => {
    const keys = await keysBehind(1);
    const a = await keys({ 'X-Forwarded-For': `203.0.113.1, ${EDGE}` });
    const b = await keys({ 'X-Forwarded-For': `203.0.113.2, 10.0.0.1, ${EDGE}` });
    const elsewhere = await keys({ 'X-Forwarded-For': `203.0.113.1, ${OTHER_EDGE}` });
    expect(a.edge).toBe(b.edge);
    expect(elsewhere.edge).not.toBe(a.edge);
  });

  it('tells browsers behind one edge apart, by the entry before it or by Fastly-Client-IP', async () => {
    const keys = await keysBehind(1);
    const first = await keys({ 'X-Forwarded-For': `203.0.113.1, ${EDGE}` });
    const second = await keys({ 'X-Forwarded-For': `203.0.113.2, ${EDGE}` });
    expect(second.browser).not.toBe(first.browser);
    // Only the entry just before the edge counts: what a caller wrote further left changes nothing.
    expect((await keys({ 'X-Forwarded-For': `192.0.2.9, 203.0.113.1, ${EDGE}` })).browser).toBe(first.browser);
    // A front end that replaced X-Forwarded-For with the edge alone: Firebase Hosting's header tells them apart.
    const byHosting = (ip: string) => keys({ 'X-Forwarded-For': EDGE, 'Fastly-Client-IP': ip });
    expect((await byHosting('203.0.113.1')).browser).not.toBe((await byHosting('203.0.113.2')).browser);
    expect((await byHosting('203.0.113.1')).edge).toBe(first.edge);
  });

  it('never gives two edges one browser key', async () => {
    const keys = await keysBehind(1);
    const here = await keys({ 'X-Forwarded-For': `203.0.113.1, ${EDGE}`, 'Fastly-Client-IP': '203.0.113.1' });
    const there = await keys({ 'X-Forwarded-For': `203.0.113.1, ${OTHER_EDGE}`, 'Fastly-Client-IP': '203.0.113.1' });
    expect(there.browser).not.toBe(here.browser);
  });
});

describe('callerKeys with nothing in front (trust proxy: 0, the local stack)', () => {
  it('keys the edge by the socket, whatever X-Forwarded-For says', async () => {
    const keys = await keysBehind(0);
    const plain = await keys({});
    const written = await keys({ 'X-Forwarded-For': '203.0.113.1' });
    expect(written.edge).toBe(plain.edge);
    expect(written.browser).not.toBe(plain.browser);
  });
});
