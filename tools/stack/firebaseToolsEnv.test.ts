import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from './config';
import { firebaseToolsEnv } from './firebaseToolsEnv';

const temp = mkdtempSync(path.join(tmpdir(), 'firebase-tools-env-'));
const stackTemp = path.join(temp, 'stack');
const logDir = path.join(temp, 'logs');

describe("firebase-tools' environment in the stack", () => {
  it('carries every setting that keeps firebase-tools on loopback', () => {
    expect(firebaseToolsEnv(stackTemp, logDir)).toEqual({
      CI: 'true',
      NO_UPDATE_NOTIFIER: '1',
      npm_config_offline: 'true',
      npm_config_update_notifier: 'false',
      XDG_CONFIG_HOME: path.join(stackTemp, 'config'),
      TMPDIR: stackTemp,
      FIREBASE_DEBUG_PATH: path.join(logDir, 'firebase-debug.log'),
      NODE_ENV: 'production',
    });
  });
});

/**
 * firebase-tools' own code of an emulators start, run in a process of its own under the stack's environment, on a
 * machine whose npm registry and proxies all point at a listener on loopback and whose developer opted in to usage
 * statistics: the Functions emulator's version check (`npm show firebase-functions`), the message of the day, and the
 * Google Analytics events of a command and of the emulators. The process's `fetch` records where it was sent (and
 * fails), so nothing leaves this machine whatever happens.
 */
describe('firebase-tools started as the stack starts it', () => {
  const requests: string[] = [];
  let listener: Server;
  afterAll(() => listener?.close());

  const PROBE = `
    const sent = [];
    globalThis.fetch = async (url) => { sent.push(String(url)); throw new Error('no network here'); };
    const lib = (name) => require(require.resolve('firebase-tools/lib/' + name, { paths: [process.argv[1]] }));
    (async () => {
      lib('deploy/functions/runtimes/node/versioning').checkFunctionsSDKVersion('6.0.0');
      lib('fetchMOTD').fetchMOTD();
      const track = lib('track');
      await track.trackGA4('command_execution', { command_name: 'emulators:start' });
      await track.trackEmulator('emulators_started', { count: 3 });
      await new Promise((resolve) => setTimeout(resolve, 1000));
      console.log(JSON.stringify(sent));
    })();
  `;

  function runProbe(env: NodeJS.ProcessEnv): Promise<string[]> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ['-e', PROBE, ROOT], { cwd: temp, env, stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      let err = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
      child.on('error', reject);
      child.on('exit', (code) => {
        const last = out.trim().split('\n').at(-1) ?? '';
        if (code !== 0 || !last.startsWith('[')) reject(new Error(`probe exited ${code}: ${err}${out}`));
        else resolve(JSON.parse(last) as string[]);
      });
    });
  }

  it('asks no registry, proxy or Google service anything', async () => {
    listener = createServer((req, res) => {
      requests.push(`${req.method} ${req.url}`);
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const here = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
    // A developer's global settings: opted in to usage statistics, npm and the proxies configured.
    const globalConfig = path.join(temp, 'global-config');
    mkdirSync(path.join(globalConfig, 'configstore'), { recursive: true });
    writeFileSync(path.join(globalConfig, 'configstore', 'firebase-tools.json'), JSON.stringify({ usage: true }));
    const developer = {
      ...process.env,
      XDG_CONFIG_HOME: globalConfig,
      npm_config_registry: `${here}/`,
      npm_config_proxy: here,
      npm_config_https_proxy: here,
      HTTP_PROXY: here,
      HTTPS_PROXY: here,
      // firebase-tools' own binary sets it: usage statistics are only ever sent from its command line.
      IS_FIREBASE_CLI: 'true',
    };
    const sent = await runProbe({ ...developer, ...firebaseToolsEnv(stackTemp, logDir) });
    expect({ sent, requests }).toEqual({ sent: [], requests: [] });
  });
});
