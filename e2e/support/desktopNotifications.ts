import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import dbus from 'dbus-next';

/**
 * The desktop's notification server, stood in for: Chromium on Linux shows a web page's notifications through the
 * freedesktop Notifications service on the session D-Bus, headless too. This one runs a private session bus
 * (dbus-daemon) for one test browser, keeps what the browser asks it to show, and clicks one the way a desktop does
 * (its ActionInvoked signal with the "default" action), so the service worker gets the browser's own
 * `notificationclick`.
 */
export interface ShownOnDesktop {
  id: number;
  /** The notification's title. */
  summary: string;
  /** Chromium puts the site's host before the notification's body. */
  body: string;
}

export interface DesktopNotifications {
  /** For the browser's environment: DBUS_SESSION_BUS_ADDRESS. */
  busAddress: string;
  shown(): ShownOnDesktop[];
  click(id: number): void;
  close(): Promise<void>;
}

const SERVICE = 'org.freedesktop.Notifications';

class NotificationsService extends dbus.interface.Interface {
  shown: ShownOnDesktop[] = [];

  GetCapabilities() {
    return ['actions', 'body'];
  }
  GetServerInformation() {
    return ['stockseer-e2e', 'StockSeer', '1', '1.2'];
  }
  Notify(_app: string, replaces: number, _icon: string, summary: string, body: string, ..._rest: unknown[]) {
    const id = replaces || this.shown.length + 1;
    this.shown = [...this.shown.filter((n) => n.id !== id), { id, summary, body }];
    return id;
  }
  CloseNotification(id: number) {
    this.shown = this.shown.filter((n) => n.id !== id);
  }
  /** A signal: calling it sends it on the bus. */
  ActionInvoked(id: number, action: string) {
    return [id, action];
  }
}
NotificationsService.configureMembers({
  methods: {
    GetCapabilities: { inSignature: '', outSignature: 'as' },
    GetServerInformation: { inSignature: '', outSignature: 'ssss' },
    Notify: { inSignature: 'susssasa{sv}i', outSignature: 'u' },
    CloseNotification: { inSignature: 'u', outSignature: '' },
  },
  signals: { ActionInvoked: { signature: 'us' } },
});

/** A session bus for this browser only: it starts no other service (no accessibility bus), anyone may own a name. */
const busConfig = (socket: string) => `<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:path=${socket}</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
`;

export async function startDesktopNotifications(): Promise<DesktopNotifications> {
  const dir = mkdtempSync(path.join(tmpdir(), 'stockseer-bus-'));
  const config = path.join(dir, 'bus.conf');
  writeFileSync(config, busConfig(path.join(dir, 'bus')));
  const daemon = spawn('dbus-daemon', [`--config-file=${config}`, '--nofork', '--print-address=1'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const busAddress = await new Promise<string>((resolve, reject) => {
    let said = '';
    daemon.stderr.on('data', (data: Buffer) => (said += data.toString()));
    daemon.once('error', (error) =>
      reject(new Error(`dbus-daemon (Debian: apt-get install dbus-daemon): ${error.message}`)),
    );
    daemon.once('exit', (code) => reject(new Error(`dbus-daemon ended (${code}): ${said}`)));
    daemon.stdout.once('data', (data: Buffer) => resolve(data.toString().trim()));
  });
  const bus = dbus.sessionBus({ busAddress });
  const service = new NotificationsService(SERVICE);
  bus.export('/org/freedesktop/Notifications', service);
  await bus.requestName(SERVICE, 0);
  return {
    busAddress,
    shown: () => [...service.shown],
    click: (id) => {
      service.ActionInvoked(id, 'default');
    },
    close: async () => {
      bus.disconnect();
      daemon.kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
