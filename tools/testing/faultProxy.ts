import net from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * How the line is cut. `reset`: every open connection is reset and new ones are reset as soon as they open, as
 * when a server process dies (gRPC sees UNAVAILABLE at once). `blackhole`: connections stay open but nothing
 * passes either way, as when a network drops packets (only deadlines end the calls).
 */
export type Outage = 'reset' | 'blackhole';

interface Link {
  client: net.Socket;
  server: net.Socket;
  /** The client's last bytes, as many as a marker split across two chunks needs. */
  tail: Buffer;
}

/**
 * A TCP proxy between the code under test and a real server (the Firestore emulator), for outages that the real
 * client libraries see, without stopping the server the rest of the test run shares. It can go down on command or
 * at the moment the client sends a given byte string (a value only one request carries), before or after the
 * server has received it.
 */
export class FaultProxy {
  private outage: Outage | undefined;
  private readonly links = new Set<Link>();
  private trigger: { marker: Buffer; deliver: boolean; fired: () => void } | undefined;

  private constructor(
    private readonly server: net.Server,
    private readonly target: { host: string; port: number },
  ) {}

  /** Listens on an ephemeral port of 127.0.0.1 and forwards every connection to `target`. */
  static async start(target: { host: string; port: number }): Promise<FaultProxy> {
    const server = net.createServer();
    const proxy = new FaultProxy(server, target);
    server.on('connection', (socket) => proxy.accept(socket));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', resolve);
    });
    return proxy;
  }

  /** `host:port`, as FIRESTORE_EMULATOR_HOST wants it. */
  get address(): string {
    return `127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Cuts the line now. */
  down(outage: Outage = 'reset'): void {
    this.trigger = undefined;
    this.outage = outage;
    if (outage === 'reset') for (const link of [...this.links]) this.drop(link);
  }

  /**
   * Lets connections through again; the clients reconnect on their own. Connections that lost bytes in a black hole
   * are reset first: their HTTP/2 streams cannot continue.
   */
  up(): void {
    if (this.outage === 'blackhole') for (const link of [...this.links]) this.drop(link);
    this.trigger = undefined;
    this.outage = undefined;
  }

  /**
   * Goes down when the client sends `marker`. Without `deliver`, the bytes carrying it never reach the server and
   * every connection is reset. With `deliver`, they do, and the line then turns into a black hole: the server
   * carries the request out, its answer is lost, and the caller waits until `down()` resets the connections.
   * Resolves when it happened.
   */
  downWhenSent(marker: string, { deliver }: { deliver: boolean }): Promise<void> {
    return new Promise((fired) => {
      this.trigger = { marker: Buffer.from(marker), deliver, fired };
    });
  }

  async close(): Promise<void> {
    for (const link of [...this.links]) this.drop(link);
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(client: net.Socket): void {
    if (this.outage === 'reset') {
      client.resetAndDestroy();
      return;
    }
    const server = net.connect(this.target);
    const link = { client, server, tail: Buffer.alloc(0) };
    this.links.add(link);
    client.on('data', (chunk: Buffer) => this.fromClient(link, chunk));
    server.on('data', (chunk: Buffer) => {
      if (!this.outage) client.write(chunk);
    });
    const close = () => this.drop(link);
    for (const socket of [client, server]) {
      socket.on('error', close);
      socket.on('close', close);
    }
  }

  private fromClient(link: Link, chunk: Buffer): void {
    if (this.outage) return;
    if (this.trigger) {
      const { marker, deliver, fired } = this.trigger;
      const seen = Buffer.concat([link.tail, chunk]);
      if (seen.includes(marker)) {
        if (deliver) link.server.write(chunk);
        this.down(deliver ? 'blackhole' : 'reset');
        fired();
        return;
      }
      link.tail = seen.subarray(Math.max(0, seen.length - marker.length + 1));
    }
    link.server.write(chunk);
  }

  private drop(link: Link): void {
    if (!this.links.delete(link)) return;
    link.client.resetAndDestroy();
    link.server.destroy();
  }
}
