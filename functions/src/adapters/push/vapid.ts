/**
 * VAPID (RFC 8292): the key pair that signs every push, so that push services know the pushes come from us. The
 * private key is a secret (VAPID_PRIVATE_KEY), the public key and the contact (`mailto:` or `https:`) are params
 * (functions/src/config.ts); `npx web-push generate-vapid-keys` makes a pair, and the local stack makes its own.
 */
import { createECDH } from 'node:crypto';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

const bytesOf = (base64url: string) => Buffer.from(base64url, 'base64url');
const isBase64url = (value: string) => /^[A-Za-z0-9_-]+$/.test(value);

/** The keys from their settings; a value that cannot work throws, naming its setting. */
export function vapidKeysFrom(values: Readonly<Record<string, string | undefined>>): VapidKeys {
  const publicKey = values.VAPID_PUBLIC_KEY ?? '';
  const privateKey = values.VAPID_PRIVATE_KEY ?? '';
  const subject = values.VAPID_SUBJECT ?? '';
  if (!isBase64url(publicKey) || bytesOf(publicKey).length !== 65 || bytesOf(publicKey)[0] !== 4) {
    throw new Error(
      'VAPID_PUBLIC_KEY must be an uncompressed P-256 public key, base64url (npx web-push generate-vapid-keys)',
    );
  }
  if (!isBase64url(privateKey) || bytesOf(privateKey).length !== 32) {
    throw new Error(
      'VAPID_PRIVATE_KEY must be a P-256 private key of 32 bytes, base64url (npx web-push generate-vapid-keys)',
    );
  }
  const pair = createECDH('prime256v1');
  pair.setPrivateKey(bytesOf(privateKey));
  if (!pair.getPublicKey().equals(bytesOf(publicKey))) {
    throw new Error('VAPID_PRIVATE_KEY is not the private key of VAPID_PUBLIC_KEY: set the two of one pair');
  }
  if (!/^(mailto:\S+@\S+|https:\/\/\S+)$/.test(subject)) {
    throw new Error('VAPID_SUBJECT must be a mailto: address or an https: URL where push services can reach you');
  }
  return { publicKey, privateKey, subject };
}
