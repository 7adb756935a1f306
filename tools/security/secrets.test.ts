import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findSecrets, scanFolder, secretNames } from './secrets';
import { ROOT } from '../stack/config';

// Built at run time, so that this file holds nothing a secret scanner (ours or GitHub's) would flag.
const fake = (kind: string, mode?: string) => [kind, mode, '4eC39HqLyjWDarjtT1zdp7dc'].filter(Boolean).join('_');
const PEM = ['-----BEGIN', 'PRIVATE KEY-----'].join(' ');

describe('findSecrets', () => {
  it.each([
    ['a Stripe secret key', `const key = "${fake('sk', 'live')}";`],
    ['a Stripe secret key', `"${fake('sk', 'test')}"`],
    ['a Stripe restricted key', fake('rk', 'live')],
    ['a Stripe webhook secret', `secret:"${fake('whsec')}"`],
    ['a private key', `${PEM}\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC`],
    ['a private key', ['-----BEGIN', 'RSA PRIVATE KEY-----'].join(' ')],
    ['a service account key', `{"type":"service_account","private_key":"x"}`],
    ['a service account key', `{type:"service_account",private_key_id:"x"}`],
    ['a service account e-mail', 'deploy@my-project.iam.gserviceaccount.com'],
  ])('finds %s', (what, text) => {
    expect(findSecrets(text)).toContain(what);
  });

  it('finds the value of a named secret, however it is shaped', () => {
    const values = new Map([['MASSIVE_API_KEY (environment)', 'Zq8Kd0aPlm3x']]);
    expect(findSecrets('fetch("/x?apiKey=Zq8Kd0aPlm3x")', values)).toEqual([
      'the value of MASSIVE_API_KEY (environment)',
    ]);
    expect(findSecrets('sk_test_sandbox', new Map([['STRIPE_SECRET_KEY (sandbox)', 'sk_test_sandbox']]))).toEqual([
      'a Stripe secret key',
      'the value of STRIPE_SECRET_KEY (sandbox)',
    ]);
  });

  it('leaves public keys and ordinary code alone', () => {
    // A key prefix inside a longer word ("task" ends in "sk") is no key.
    const insideAWord = ['task', 'live', 'y'].join('_');
    expect(
      findSecrets(`pk_test_sandbox pk_live_51Habc AIzaSyDemoKey mark_test_x ${insideAWord} "private_key_hint"`),
    ).toEqual([]);
  });
});

describe('scanFolder', () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('names each file that gives a secret away, in subfolders too', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'stockseer-scan-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), '<script src="/assets/a.js"></script>');
    writeFileSync(path.join(dir, 'assets', 'a.js'), `const s="${fake('whsec')}"`);
    expect(scanFolder(dir)).toEqual([{ file: path.join(dir, 'assets', 'a.js'), what: 'a Stripe webhook secret' }]);
  });

  it('fails loudly when there is nothing to scan', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'stockseer-scan-'));
    expect(() => scanFolder(dir)).toThrow(/is empty/);
    expect(() => scanFolder(path.join(dir, 'missing'))).toThrow(/does not exist/);
  });
});

describe('secretNames', () => {
  it('names the server secrets .env.example documents, not the public VITE_ keys', () => {
    const names = secretNames(readFileSync(path.join(ROOT, '.env.example'), 'utf8'));
    expect(names).toEqual(expect.arrayContaining(['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'MASSIVE_API_KEY']));
    expect(names.filter((n) => n.startsWith('VITE_'))).toEqual([]);
  });
});
