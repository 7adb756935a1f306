import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { externalRequestsIn, externalRequestsInLogs } from './externalRequests';

// The emulator's warning as firebase-tools 15 writes it (emulatorLogger.js).
const warning = (url: string) =>
  `⚠  functions: External network resource requested!\n   - URL: "${url}"\n - Be careful, this may be a production service.\n`;

describe('external requests in the stack logs', () => {
  it('names every URL the Functions emulator warned of', () => {
    const log = `i  functions: Beginning execution\n${warning('http://169.254.169.254/computeMetadata/v1/x')}ok\n${warning('https://api.polygon.io/v2')}`;
    expect(externalRequestsIn(log)).toEqual([
      'http://169.254.169.254/computeMetadata/v1/x',
      'https://api.polygon.io/v2',
    ]);
    expect(externalRequestsIn('i  functions: Finished "api" in 12ms\n')).toEqual([]);
  });

  it('reads every log file of a folder, and nothing of a folder that is not there', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'stack-logs-'));
    writeFileSync(path.join(dir, 'emulators.log'), warning('http://169.254.169.254/'));
    writeFileSync(path.join(dir, 'firestore.log'), 'API endpoint: http://127.0.0.1:8080\n');
    expect(externalRequestsInLogs(dir)).toEqual(['emulators.log: http://169.254.169.254/']);
    expect(externalRequestsInLogs(path.join(dir, 'missing'))).toEqual([]);
  });
});
