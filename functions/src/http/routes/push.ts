import { PushDeviceId, PushSubscriptionInput, type PushDevices } from '@stockseer/contract';
import type { AppDeps } from '../deps';
import { del, get, post, type ApiRoute } from '../routeTable';
import { callerOf } from '../auth';
import { parseInput } from '../validate';
import { addDevice, listDevices, removeDevice } from '../../services/push/devices';

/** The caller's devices with notifications on (docs/product.md#web-push): the caller's own records, like `POST /me`. */
export function pushRoutes(deps: AppDeps): ApiRoute[] {
  return [
    get('/push/subscriptions', 'signedIn', async (req, res) => {
      res.json((await listDevices(deps, callerOf(req))) satisfies PushDevices);
    }),

    post('/push/subscriptions', 'liveSession', async (req, res) => {
      const subscription = parseInput(PushSubscriptionInput, req.body);
      const devices = await addDevice(deps, callerOf(req), subscription, req.get('user-agent'));
      res.json(devices satisfies PushDevices);
    }),

    del('/push/subscriptions/:id', 'liveSession', async (req, res) => {
      const id = parseInput(PushDeviceId, req.params.id);
      res.json((await removeDevice(deps, callerOf(req), id)) satisfies PushDevices);
    }),
  ];
}
