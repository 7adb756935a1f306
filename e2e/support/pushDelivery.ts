import type { Page } from 'playwright-core';
import { APP_URL } from './browser';

/** One event the browser recorded in DevTools' Background Services panel, with its details by name. */
export interface RecordedEvent {
  service: string;
  eventName: string;
  details: Record<string, string>;
}

export interface PushDelivery {
  /** What the browser recorded since the delivery: "Push event dispatched", "Notification displayed", "Push event completed". */
  recorded(): RecordedEvent[];
  /** What the service worker wrote to its console since the delivery (an error of its handler shows here). */
  workerConsole(): string[];
  close(): Promise<void>;
}

interface BackgroundServiceEvent {
  service: string;
  eventName: string;
  eventMetadata: { key: string; value: string }[];
}

/**
 * Hands `payload` to the app's service worker as a push message, as the browser does when its push service delivers
 * one (the DevTools protocol's ServiceWorker.deliverPushMessage: the worker's real `push` event, in the browser's own
 * worker). The browser's own record of the push and of the notification it displays is kept (BackgroundService), so
 * a notification that does not appear says why: no push event, a handler that failed, or one that showed nothing.
 */
export async function deliverPush(page: Page, payload: string): Promise<PushDelivery> {
  const cdp = await page.context().newCDPSession(page);
  const recorded: RecordedEvent[] = [];
  cdp.on('BackgroundService.backgroundServiceEventReceived', ({ backgroundServiceEvent: e }) => {
    const event = e as BackgroundServiceEvent;
    const details = Object.fromEntries(event.eventMetadata.map(({ key, value }) => [key, value]));
    recorded.push({ service: event.service, eventName: event.eventName, details });
  });
  for (const service of ['pushMessaging', 'notifications'] as const) {
    await cdp.send('BackgroundService.startObserving', { service });
    await cdp.send('BackgroundService.setRecording', { service, shouldRecord: true });
  }

  const workerConsole: string[] = [];
  for (const worker of page.context().serviceWorkers())
    worker.on('console', (message) => workerConsole.push(`${message.type()}: ${message.text()}`));

  const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations));
  await cdp.send('ServiceWorker.enable');
  const scope = `${APP_URL}/`;
  const registration = () => registrations.find((r) => r.scopeURL === scope && !r.isDeleted);
  for (let waited = 0; !registration(); waited += 100) {
    if (waited > 30_000) throw new Error(`no service worker registered for ${scope}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: APP_URL,
    registrationId: registration()!.registrationId,
    data: payload,
  });
  return {
    recorded: () => [...recorded],
    workerConsole: () => [...workerConsole],
    close: () => cdp.detach(),
  };
}

/** The notifications the app's service worker registration shows now, as the page sees them. */
export const shownNotifications = (page: Page) =>
  page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      data: n.data as unknown,
    })),
  );
