import { z } from 'zod';
import { IsoDateTime } from './common';

/**
 * Web Push (docs/product.md#web-push): a device turns notifications on by sending its browser's
 * push subscription; daily maintenance then pushes one summary per run to each of the user's devices.
 */

/** Devices one user may turn notifications on for: each run pushes to every one of them. */
export const PUSH_DEVICE_LIMIT = 10;
export const PUSH_DEVICES_FULL_MESSAGE = `Notifications are on for ${PUSH_DEVICE_LIMIT} devices already, the most there can be. Remove one first.`;
export const PUSH_DEVICE_NOT_FOUND_MESSAGE = 'That device is not on your list (removed already?)';

/**
 * The refusal of an endpoint that is not a browser's push service: the server sends only to the push services
 * browsers use (docs/product.md#web-push; the rule: functions/src/domain/push/endpoint.ts).
 */
export const PUSH_SERVICE_ONLY_MESSAGE =
  "must be a browser push service's address (https on port 443 at Google FCM, Mozilla, Apple or Windows)";

/** A push service's address, as the browser gives it: a URL, which the server then checks is a push service's. */
export const PushEndpoint = z.string().max(2000, 'too long').refine(URL.canParse, 'must be a URL');

/** Unpadded base64url (RFC 4648 section 5), as PushSubscription.toJSON() writes a key. */
const base64url = (bytes: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, 'must be base64url')
    .refine((s) => Math.floor((s.length * 3) / 4) === bytes, `must be ${bytes} bytes`);

/**
 * `POST /api/push/subscriptions`: the browser's PushSubscription as `toJSON()` gives it: the push service's address,
 * the device's P-256 public key (uncompressed, 65 bytes) and its 16-byte authentication secret.
 */
export const PushSubscriptionInput = z.object({
  endpoint: PushEndpoint,
  expirationTime: z.number().nullish(),
  keys: z.object({ p256dh: base64url(65), auth: base64url(16) }),
});
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionInput>;

/** A device's id: the SHA-256 of its endpoint, in hex (the browser can compute it for "this device"). */
export const PushDeviceId = z.string().regex(/^[0-9a-f]{64}$/, 'a device id is 64 hexadecimal digits');

/** A device with notifications on, as the Wallet tab lists it: never its endpoint or keys. */
export const PushDevice = z.object({
  id: PushDeviceId,
  /** "Chrome on Android": the browser and system its user agent names, nothing finer. */
  device: z.string(),
  createdAt: IsoDateTime,
});
export type PushDevice = z.infer<typeof PushDevice>;

/**
 * `GET /api/push/subscriptions`, and the answer of a change: the user's devices, oldest first, and the server's VAPID
 * public key, which a browser subscribes with (one source: the server's configuration).
 */
export const PushDevices = z.object({ publicKey: z.string(), devices: z.array(PushDevice) });
export type PushDevices = z.infer<typeof PushDevices>;

/** What a push carries (encrypted): the service worker shows `title` and `body` and opens `url` on a click. */
export const PushMessage = z.object({
  title: z.string(),
  body: z.string(),
  /** A path of the app. */
  url: z.string().startsWith('/'),
  /** One per run: a second push of the same run replaces the first on the device instead of adding one. */
  tag: z.string(),
});
export type PushMessage = z.infer<typeof PushMessage>;
