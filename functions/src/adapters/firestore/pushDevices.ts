import { createHash } from 'node:crypto';
import type { Firestore, QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { z } from 'zod';
import {
  PUSH_DEVICE_LIMIT,
  PUSH_DEVICE_NOT_FOUND_MESSAGE,
  PUSH_DEVICES_FULL_MESSAGE,
  type PushDevice,
  type PushSubscriptionInput,
} from '@stockseer/contract';
import { conflict, notFound } from '../../domain/errors';
import type { PushTarget } from '../push/webPushSender';
import { COLLECTIONS } from './db';
import { runTransaction } from './runTransaction';

/**
 * The devices a user turned notifications on for (docs/product.md#web-push): `users/{uid}/pushSubscriptions/{id}`,
 * under the user, so that closing the account deletes them with it. The id is the SHA-256 of the endpoint: the same
 * browser subscribing again is the same document, and the browser can compute which device in the list it is.
 */
const StoredDevice = z.object({
  endpoint: z.string(),
  keys: z.object({ p256dh: z.string(), auth: z.string() }),
  device: z.string(),
  createdAt: z.string(),
});
type StoredDevice = z.infer<typeof StoredDevice>;

const devicesRef = (db: Firestore, uid: string) =>
  db.collection(COLLECTIONS.users).doc(uid).collection(COLLECTIONS.pushSubscriptions);

/** A device's id: the hex SHA-256 of its endpoint (what logs name a device by, too: an endpoint is a capability). */
const pushDeviceId = (endpoint: string) => createHash('sha256').update(endpoint).digest('hex');

const listed = (id: string, stored: StoredDevice): PushDevice => ({
  id,
  device: stored.device,
  createdAt: stored.createdAt,
});
const listedDoc = (doc: QueryDocumentSnapshot) => listed(doc.id, StoredDevice.parse(doc.data()));
const oldestFirst = (a: PushDevice, b: PushDevice) =>
  a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);

/**
 * Adds a device, or refreshes the keys of one already there (a browser may renew them) keeping its place; past
 * PUSH_DEVICE_LIMIT devices, a conflict (409). Answers the user's devices.
 */
export async function addPushDevice(
  db: Firestore,
  uid: string,
  { subscription, device, now }: { subscription: PushSubscriptionInput; device: string; now: Date },
): Promise<PushDevice[]> {
  const id = pushDeviceId(subscription.endpoint);
  return runTransaction(db, async (tx) => {
    const snap = await tx.get(devicesRef(db, uid));
    const devices = snap.docs.map(listedDoc);
    const known = devices.find((d) => d.id === id);
    if (!known && devices.length >= PUSH_DEVICE_LIMIT) throw conflict(PUSH_DEVICES_FULL_MESSAGE);
    const stored: StoredDevice = {
      endpoint: subscription.endpoint,
      keys: { p256dh: subscription.keys.p256dh, auth: subscription.keys.auth },
      device,
      createdAt: known?.createdAt ?? now.toISOString(),
    };
    tx.set(devicesRef(db, uid).doc(id), stored);
    const added = listed(id, stored);
    return [...devices.filter((d) => d.id !== id), added].sort(oldestFirst);
  });
}

/** The user's devices, oldest first. */
export async function pushDevices(db: Firestore, uid: string): Promise<PushDevice[]> {
  const snap = await devicesRef(db, uid).get();
  return snap.docs.map(listedDoc).sort(oldestFirst);
}

/** Removes one of the user's devices (a 404 when it is not theirs, or gone); answers the devices left. */
export async function removePushDevice(db: Firestore, uid: string, id: string): Promise<PushDevice[]> {
  return runTransaction(db, async (tx) => {
    const snap = await tx.get(devicesRef(db, uid));
    if (!snap.docs.some((doc) => doc.id === id)) throw notFound(PUSH_DEVICE_NOT_FOUND_MESSAGE);
    tx.delete(devicesRef(db, uid).doc(id));
    return snap.docs
      .filter((doc) => doc.id !== id)
      .map(listedDoc)
      .sort(oldestFirst);
  });
}

/** Where the user's pushes go: each device's endpoint and keys, with its id. */
export async function pushTargets(db: Firestore, uid: string): Promise<(PushTarget & { id: string })[]> {
  const snap = await devicesRef(db, uid).get();
  return snap.docs.map((doc) => {
    const { endpoint, keys } = StoredDevice.parse(doc.data());
    return { id: doc.id, endpoint, keys };
  });
}

/** Deletes a device its push service said is gone (404 or 410); one removed already changes nothing. */
export async function forgetGoneDevice(db: Firestore, uid: string, id: string): Promise<void> {
  await devicesRef(db, uid).doc(id).delete();
}
