import { describe, expect, it } from 'vitest';
import { isPublicAddress } from './publicAddress';

describe('the addresses a push may go to', () => {
  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.0.1',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.251',
    '255.255.255.255',
    '::',
    '::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:169.254.0.1',
    '::127.0.0.1',
    '64:ff9b::a00:1',
    '2002:a00:1::1',
    '2001:0:4136:e378::1',
    'fd00::1',
    'fd00:ec2::254',
    'fc00::1',
    'fe80::1',
    'fe80::1%eth0',
    'ff02::1',
    '2001:db8::1',
    'not an address',
    '',
  ])('never %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '142.250.185.10',
    '8.8.8.8',
    '17.253.144.10',
    '34.107.221.82',
    '2a00:1450:4001:80b::200a',
    '2606:4700::1',
    '::ffff:8.8.8.8',
  ])('to a public unicast address such as %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});
