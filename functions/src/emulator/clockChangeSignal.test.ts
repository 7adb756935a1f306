import { rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { clockChangeSignal } from './clockChangeSignal';

const emulator = (name: string) => ({
  FIRESTORE_EMULATOR_HOST: `127.0.0.1:${name}-${process.pid}`,
  GCLOUD_PROJECT: 'demo',
});
afterAll(() => {
  for (const name of ['a', 'b'])
    rmSync(path.join(tmpdir(), `stockseer-clock-${userInfo().uid}-demo-127.0.0.1_${name}-${process.pid}`), {
      force: true,
    });
});

describe('clockChangeSignal', () => {
  it('gives every process of one stack the same stamp, new after each change, and other stacks their own', () => {
    const [writer, reader, otherStack] = [
      clockChangeSignal(emulator('a')),
      clockChangeSignal(emulator('a')),
      clockChangeSignal(emulator('b')),
    ];
    expect(reader!.stamp()).toBe('');
    writer!.bump();
    const first = reader!.stamp();
    expect(first).not.toBe('');
    expect(otherStack!.stamp()).toBe('');
    writer!.bump();
    expect(reader!.stamp()).not.toBe(first);
    otherStack!.bump();
    expect(otherStack!.stamp()).not.toBe(reader!.stamp());
  });

  it('is absent without an emulator address, so every request reads the pinned date', () => {
    expect(clockChangeSignal({})).toBeNull();
  });
});
