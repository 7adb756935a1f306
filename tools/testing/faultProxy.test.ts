import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FaultProxy } from './faultProxy';

/** An echo server that remembers what reached it. */
let echo: net.Server;
let received = '';
let proxy: FaultProxy;

beforeAll(async () => {
  echo = net.createServer((socket) => {
    socket.on('data', (chunk) => {
      received += chunk.toString();
      socket.write(chunk);
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  await new Promise((resolve) => echo.close(resolve));
});

afterEach(async () => {
  await proxy.close();
  received = '';
});

async function startProxy() {
  proxy = await FaultProxy.start({ host: '127.0.0.1', port: (echo.address() as AddressInfo).port });
  return proxy;
}

/** A client connection through the proxy: what came back, and how it ended (an error code, or `closed`). */
async function connect() {
  const [host, port] = proxy.address.split(':');
  const socket = net.connect({ host: host!, port: Number(port) });
  const client = { socket, echoed: '', endedAs: undefined as string | undefined, ended: Promise.resolve('') };
  socket.on('data', (chunk) => (client.echoed += chunk.toString()));
  client.ended = new Promise<string>((resolve) => {
    socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    socket.on('close', () => resolve('closed'));
  }).then((how) => (client.endedAs = how));
  await Promise.race([new Promise((resolve) => socket.once('connect', resolve)), client.ended]);
  return client;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

describe('FaultProxy', () => {
  it('forwards both ways, resets every connection when down, and lets new ones through when up', async () => {
    await startProxy();
    const first = await connect();
    first.socket.write('hello');
    await settle();
    expect(first.echoed).toBe('hello');

    proxy.down();
    expect(await first.ended).toBe('ECONNRESET');
    expect(await (await connect()).ended).toBe('ECONNRESET');

    proxy.up();
    const again = await connect();
    again.socket.write('back');
    await settle();
    expect(again.echoed).toBe('back');
    again.socket.destroy();
  });

  it('goes down as a marker is sent: before the server sees it, or after, losing only the answer', async () => {
    await startProxy();
    const before = await connect();
    const cutBefore = proxy.downWhenSent('COMMIT', { deliver: false });
    before.socket.write('read ');
    await settle();
    before.socket.write('COMMIT');
    await cutBefore;
    expect(await before.ended).toBe('ECONNRESET');
    expect(received).toBe('read ');

    proxy.up();
    received = '';
    const after = await connect();
    const cutAfter = proxy.downWhenSent('COMMIT', { deliver: true });
    after.socket.write('COM');
    await settle();
    after.socket.write('MIT');
    await cutAfter;
    await settle();
    expect(received).toBe('COMMIT');
    expect(after.echoed).toBe('COM');
    expect(after.endedAs).toBeUndefined();
    proxy.down();
    expect(await after.ended).toBe('ECONNRESET');
  });
});
