import { createECDH } from 'node:crypto';
import type { VapidKeys } from '../src/adapters/push/vapid';
import { webPushSender, type PushSender } from '../src/adapters/push/webPushSender';
import { localPushServiceFrom } from '../src/domain/push/endpoint';

/** A VAPID pair of the test's own (node:crypto, as `web-push generate-vapid-keys` makes one). */
export function testVapidKeys(): VapidKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  // 32 bytes, as VAPID wants it: Node drops a private key's leading zero bytes.
  const privateKey = ecdh.getPrivateKey();
  return {
    publicKey: ecdh.getPublicKey('base64url'),
    privateKey: Buffer.concat([Buffer.alloc(32 - privateKey.length), privateKey]).toString('base64url'),
    subject: 'mailto:push-tests@stockseer.test',
  };
}

/**
 * The real sender, with a pair of the test's own: what maintenance sends in the tests that run steps in-process, to
 * the stack's push services (STOCKSEER_LOCAL_PUSH_PORTS) as the emulator's functions do.
 */
export function testPushSender(keys: VapidKeys = testVapidKeys()): PushSender {
  const ports = process.env.STOCKSEER_LOCAL_PUSH_PORTS;
  const localPushService = ports ? localPushServiceFrom(ports) : undefined;
  return webPushSender({ publicKey: () => keys.publicKey, vapid: () => keys, localPushService });
}

/** The sender the in-process maintenance tests hand their steps, as `payments` is their Stripe. */
export const push = testPushSender();
