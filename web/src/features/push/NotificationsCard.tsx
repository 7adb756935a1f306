import './push.css';
import { useEffect, useId, useState } from 'react';
import type { PushDevice, PushSubscriptionInput } from '@stockseer/contract';
import { NotLoaded } from '../../components/NotLoaded';
import { useNeedsConnection } from '../../components/NeedsConnection';
import { useToast } from '../../components/toast/ToastProvider';
import { ApiError } from '../../lib/api';
import { formatDate } from '../../lib/format';
import {
  currentSubscription,
  deviceIdOf,
  NoServiceWorker,
  PermissionRefused,
  pushSupport,
  subscribe,
} from './browserPush';
import { PUSH_TEXT } from './messages';
import { usePushDeviceChanges, usePushDevices } from './pushApi';

/**
 * "Notifications on this device" (docs/product.md#web-push), in the Wallet tab: turns Web Push on for this browser
 * from a button (the permission prompt only then, never on load), says why when the browser blocks or lacks it, and
 * lists the user's devices with notifications on, each removable.
 */
export function NotificationsCard({ uid }: { uid: string }) {
  const { data, error, mutate } = usePushDevices(uid);
  const { add, remove } = usePushDeviceChanges(uid);
  const { toast } = useToast();
  const { offline, buttonProps, reason } = useNeedsConnection(PUSH_TEXT.needsConnection);
  const [support, setSupport] = useState(pushSupport);
  const [thisDevice, setThisDevice] = useState<string | null>(null);
  /** What is under way: turning on, or the id of the device being removed. */
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const titleId = useId();

  useEffect(() => {
    let live = true;
    void currentSubscription()
      .then((subscription) => (subscription ? deviceIdOf(subscription) : null))
      .catch(() => null)
      .then((id) => live && setThisDevice(id));
    return () => {
      live = false;
    };
  }, []);

  const failed = (title: string, cause: unknown) =>
    toast({ title, description: cause instanceof ApiError ? cause.message : undefined, variant: 'destructive' });

  const turnOn = async () => {
    if (offline || busy || !data) return;
    setBusy('on');
    setNotice(null);
    try {
      const subscription = await subscribe(data.publicKey);
      await add(subscription.toJSON() as PushSubscriptionInput);
      setThisDevice(await deviceIdOf(subscription));
    } catch (cause) {
      if (cause instanceof PermissionRefused) {
        setSupport(pushSupport());
        if (cause.permission !== 'denied') setNotice(PUSH_TEXT.dismissed);
      } else if (cause instanceof NoServiceWorker) {
        setNotice(PUSH_TEXT.noWorker);
      } else {
        failed(PUSH_TEXT.turnOnFailed, cause);
      }
    } finally {
      setBusy(null);
    }
  };

  const removeDevice = async (id: string) => {
    if (offline || busy) return;
    setBusy(id);
    try {
      await remove(id);
      // This browser's subscription ends too: its endpoint then reaches no one, whoever keeps it.
      if (id === thisDevice) {
        await (await currentSubscription())?.unsubscribe();
        setThisDevice(null);
      }
    } catch (cause) {
      failed(PUSH_TEXT.removeFailed, cause);
    } finally {
      setBusy(null);
    }
  };

  const onHere = data?.devices.some((device) => device.id === thisDevice) ?? false;

  return (
    <section className="card notifications-card" aria-labelledby={titleId}>
      <h2 id={titleId}>{PUSH_TEXT.title}</h2>
      <p className="muted notifications-intro">{PUSH_TEXT.intro}</p>
      {support === 'unsupported' ? (
        <p className="notifications-status">{PUSH_TEXT.unsupported}</p>
      ) : support === 'blocked' && !onHere ? (
        <p className="notifications-status" role="status">
          {PUSH_TEXT.blocked}
        </p>
      ) : onHere ? (
        <p className="notifications-status notifications-on">{PUSH_TEXT.onHere}</p>
      ) : (
        <div className="notifications-turn-on">
          <button
            type="button"
            className="button"
            disabled={!data}
            aria-busy={busy === 'on' || undefined}
            onClick={() => void turnOn()}
            {...buttonProps}
          >
            {busy === 'on' ? PUSH_TEXT.turningOn : PUSH_TEXT.turnOn}
          </button>
        </div>
      )}
      {notice && (
        <p className="notifications-status" role="status">
          {notice}
        </p>
      )}
      {data ? (
        data.devices.length > 0 && (
          <DeviceList
            devices={data.devices}
            thisDevice={thisDevice}
            busy={busy}
            buttonProps={buttonProps}
            onRemove={removeDevice}
          />
        )
      ) : (
        <NotLoaded error={error} failedText={PUSH_TEXT.loadFailed} loadingText={PUSH_TEXT.loading} onRetry={mutate} />
      )}
      {/* Offline: why Turn on and Remove are off, which both buttons point to. */}
      {reason}
    </section>
  );
}

function DeviceList({
  devices,
  thisDevice,
  busy,
  buttonProps,
  onRemove,
}: {
  devices: PushDevice[];
  thisDevice: string | null;
  busy: string | null;
  buttonProps: ReturnType<typeof useNeedsConnection>['buttonProps'];
  onRemove: (id: string) => Promise<void>;
}) {
  return (
    <>
      <h3 className="notifications-devices-title">{PUSH_TEXT.devices}</h3>
      <ul className="notifications-devices">
        {devices.map((device) => (
          <li key={device.id}>
            <span className="notifications-device">
              <span className="notifications-device-name">
                {device.device}
                {device.id === thisDevice && (
                  <span className="badge notifications-this-device">{PUSH_TEXT.thisDevice}</span>
                )}
              </span>
              <span className="muted">{PUSH_TEXT.added(formatDate(device.createdAt))}</span>
            </span>
            <button
              type="button"
              className="button button-outline"
              aria-label={PUSH_TEXT.removeLabel(device.device, formatDate(device.createdAt))}
              aria-busy={busy === device.id || undefined}
              onClick={() => void onRemove(device.id)}
              {...buttonProps}
            >
              {PUSH_TEXT.remove}
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}
