/** The devices a user turned notifications on for (docs/product.md#web-push), as the Wallet tab lists them. */
import type { Firestore } from 'firebase-admin/firestore';
import { PUSH_SERVICE_ONLY_MESSAGE, type PushDevices, type PushSubscriptionInput } from '@stockseer/contract';
import type { Caller } from '../../domain/caller';
import type { Clock } from '../../domain/clock';
import { deviceLabel } from '../../domain/push/deviceLabel';
import { validationError } from '../../domain/errors';
import type { PushSender } from '../../adapters/push/webPushSender';
import { addPushDevice, pushDevices, removePushDevice } from '../../adapters/firestore/pushDevices';

interface Deps {
  db: Firestore;
  clock: Clock;
  push: PushSender;
}

/**
 * Turns notifications on for the caller's browser, named from its user agent; a device there already is kept. Only
 * an endpoint the server may send to is kept: the same rule refuses it at each send.
 */
export async function addDevice(
  deps: Deps,
  caller: Caller,
  subscription: PushSubscriptionInput,
  userAgent: string | undefined,
): Promise<PushDevices> {
  if (!deps.push.accepts(subscription.endpoint)) throw validationError(`endpoint: ${PUSH_SERVICE_ONLY_MESSAGE}`);
  const device = deviceLabel(userAgent);
  const devices = await addPushDevice(deps.db, caller.uid, { subscription, device, now: deps.clock.now() });
  return { publicKey: deps.push.publicKey(), devices };
}

export async function listDevices(deps: Deps, caller: Caller): Promise<PushDevices> {
  return { publicKey: deps.push.publicKey(), devices: await pushDevices(deps.db, caller.uid) };
}

/** Turns notifications off for one of the caller's devices (404 when it is not on their list). */
export async function removeDevice(deps: Deps, caller: Caller, id: string): Promise<PushDevices> {
  return { publicKey: deps.push.publicKey(), devices: await removePushDevice(deps.db, caller.uid, id) };
}
