import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { PUSH_DEVICES_FULL_MESSAGE, type PushDevice } from '@stockseer/contract';
import { ToastProvider } from '../../components/toast/ToastProvider';
import { PUSH_TEXT } from './messages';
import { NotificationsCard } from './NotificationsCard';

vi.mock('../../lib/firebase', () => ({ firebaseAuth: { currentUser: null } }));

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const ENDPOINT = 'https://push.example.test/this-browser';
const SUBSCRIPTION = {
  endpoint: ENDPOINT,
  expirationTime: null,
  keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
};
const idOf = (endpoint: string) => createHash('sha256').update(endpoint).digest('hex');
const PHONE: PushDevice = {
  id: idOf('https://push.example.test/phone'),
  device: 'Chrome on Android',
  createdAt: '2026-11-20T10:00:00.000Z',
};

/** The API: the user's devices; a POST past `full` devices answers the limit's 409. */
function server(devices: PushDevice[], full = 10) {
  const calls: { method: string; path: string; body?: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const { pathname } = new URL(String(input), 'http://localhost');
      const method = init.method ?? 'GET';
      const body = init.body === undefined ? undefined : (JSON.parse(String(init.body)) as typeof SUBSCRIPTION);
      calls.push({ method, path: pathname, body });
      if (method === 'POST') {
        if (devices.length >= full) return json({ message: PUSH_DEVICES_FULL_MESSAGE }, 409);
        devices.push({ id: idOf(body!.endpoint), device: 'Chrome on Linux', createdAt: '2026-11-26T10:00:00.000Z' });
      }
      if (method === 'DELETE')
        devices.splice(
          devices.findIndex((d) => pathname.endsWith(d.id)),
          1,
        );
      return json({ publicKey: 'server-key', devices });
    }),
  );
  return calls;
}

const stubbed: string[] = [];
function setGlobal(name: string, value: unknown) {
  stubbed.push(name);
  Object.defineProperty(window, name, { configurable: true, writable: true, value });
}

/** A browser with Web Push: its permission, and a push manager whose subscription the test can see. */
function browser({ permission = 'default', answer = 'granted', subscribed = false } = {}) {
  const subscription = {
    ...SUBSCRIPTION,
    options: { applicationServerKey: null },
    toJSON: () => SUBSCRIPTION,
    unsubscribe: vi.fn(async () => {
      current = null;
      return true;
    }),
  };
  let current: typeof subscription | null = subscribed ? subscription : null;
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async () => (current = subscription)),
  };
  const registration = { pushManager };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration), getRegistration: async () => registration },
  });
  const notification = {
    permission,
    requestPermission: vi.fn(async () => (notification.permission = answer)),
  };
  setGlobal('Notification', notification);
  setGlobal('PushManager', function PushManager() {});
  return { notification, pushManager, subscription };
}

afterEach(() => {
  for (const name of stubbed.splice(0)) delete (window as unknown as Record<string, unknown>)[name];
  delete (navigator as unknown as Record<string, unknown>).serviceWorker;
  vi.unstubAllGlobals();
});

const renderCard = () =>
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <ToastProvider>
        <NotificationsCard uid="u1" />
      </ToastProvider>
    </SWRConfig>,
  );

describe('the notifications card', () => {
  it('asks for the permission only when the button is pressed, then subscribes and lists this device', async () => {
    const { notification, pushManager } = browser();
    const calls = server([PHONE]);
    renderCard();
    const turnOn = await screen.findByRole('button', { name: PUSH_TEXT.turnOn });
    await screen.findByText('Chrome on Android');
    expect(notification.requestPermission).not.toHaveBeenCalled();

    fireEvent.click(turnOn);
    await screen.findByText(PUSH_TEXT.onHere);
    expect(notification.requestPermission).toHaveBeenCalledOnce();
    expect(pushManager.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: 'server-key' });
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/push/subscriptions',
      body: SUBSCRIPTION,
    });
    const items = screen.getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Chrome on Android'),
      expect.stringContaining(`Chrome on Linux${PUSH_TEXT.thisDevice}`),
    ]);
    expect(within(items[0]!).queryByText(PUSH_TEXT.thisDevice)).toBeNull();
  });

  it('says why instead of offering a button when the browser blocks notifications or has no Web Push', async () => {
    browser({ permission: 'denied' });
    server([]);
    const { unmount } = renderCard();
    await screen.findByText(PUSH_TEXT.blocked);
    expect(screen.queryByRole('button', { name: PUSH_TEXT.turnOn })).toBeNull();
    unmount();

    delete (window as unknown as Record<string, unknown>).PushManager;
    renderCard();
    await screen.findByText(PUSH_TEXT.unsupported);
    expect(screen.queryByRole('button', { name: PUSH_TEXT.turnOn })).toBeNull();
  });

  it('keeps notifications off, saying so, when the prompt is dismissed', async () => {
    const { pushManager } = browser({ answer: 'default' });
    const calls = server([]);
    renderCard();
    fireEvent.click(await screen.findByRole('button', { name: PUSH_TEXT.turnOn }));
    await screen.findByText(PUSH_TEXT.dismissed);
    expect(pushManager.subscribe).not.toHaveBeenCalled();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it("removes this device from the server and ends the browser's subscription", async () => {
    const { subscription } = browser({ permission: 'granted', subscribed: true });
    const calls = server([PHONE, { ...PHONE, id: idOf(ENDPOINT), device: 'Chrome on Linux' }]);
    renderCard();
    await screen.findByText(PUSH_TEXT.onHere);
    fireEvent.click(screen.getByRole('button', { name: /^Remove Chrome on Linux, added/ }));
    await screen.findByRole('button', { name: PUSH_TEXT.turnOn });
    expect(calls.at(-1)).toEqual({ method: 'DELETE', path: `/api/push/subscriptions/${idOf(ENDPOINT)}` });
    expect(subscription.unsubscribe).toHaveBeenCalledOnce();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringContaining('Chrome on Android'),
    ]);
  });

  it("tells the server's refusal in a toast, in its words", async () => {
    browser({ permission: 'granted' });
    server([PHONE], 1);
    renderCard();
    fireEvent.click(await screen.findByRole('button', { name: PUSH_TEXT.turnOn }));
    await screen.findByText(PUSH_DEVICES_FULL_MESSAGE);
    await waitFor(() => expect(screen.getByRole('button', { name: PUSH_TEXT.turnOn })).toBeTruthy());
  });
});
