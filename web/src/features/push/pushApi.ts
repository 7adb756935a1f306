import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { PushDevices, type PushSubscriptionInput } from '@stockseer/contract';
import { api } from '../../lib/api';

const PATH = '/api/push/subscriptions';

// Keyed by user: after a switch of account no one sees the previous account's devices.
const devicesKey = (uid: string) => [PATH, uid] as const;

/** The user's devices with notifications on, and the server's VAPID public key to subscribe with. */
export function usePushDevices(uid: string) {
  return useSWR(devicesKey(uid), ([path]) => api(path, PushDevices));
}

/** Adds this browser's subscription, or removes a device; the list becomes the server's answer. */
export function usePushDeviceChanges(uid: string) {
  const { mutate } = useSWRConfig();
  const add = useCallback(
    async (subscription: PushSubscriptionInput) => {
      const devices = await api(PATH, PushDevices, { body: subscription });
      await mutate(devicesKey(uid), devices, { revalidate: false });
    },
    [mutate, uid],
  );
  const remove = useCallback(
    async (id: string) => {
      const devices = await api(`${PATH}/${id}`, PushDevices, { method: 'DELETE' });
      await mutate(devicesKey(uid), devices, { revalidate: false });
    },
    [mutate, uid],
  );
  return { add, remove };
}
