import { describe, expect, it } from '@jest/globals';
import { isPublicAddress, urlRefusal } from './public-address.rules.js';

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.0.0.5',
    '172.16.3.4',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '169.254.0.1',
    '100.64.0.1',
    '100.127.255.254',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '64:ff9b::a00:1',
    'not-an-address',
  ])('refuses %s (loopback, private, link-local, CGNAT, metadata, mapped or not an address)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '93.184.215.14',
    '8.8.8.8',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '172.32.0.1',
    '100.128.0.1',
  ])('accepts the public address %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('urlRefusal', () => {
  const none = new Set<string>();

  it('accepts an https URL to a public name', () => {
    expect(urlRefusal(new URL('https://hooks.example.com/in'), none)).toBeUndefined();
  });

  it.each([
    ['http://hooks.example.com/in', 'Only https URLs are accepted'],
    ['https://127.0.0.1/in', 'The URL points to a private or reserved address'],
    ['https://10.1.2.3/in', 'The URL points to a private or reserved address'],
    ['https://169.254.169.254/latest/meta-data', 'The URL points to a private or reserved address'],
    ['https://[::1]/in', 'The URL points to a private or reserved address'],
    ['https://[::ffff:7f00:1]/in', 'The URL points to a private or reserved address'],
    ['https://localhost:8443/in', 'The URL points to a private or reserved address'],
    ['https://user:pw@hooks.example.com/in', 'The URL may not hold a user name or password'],
  ])('refuses %s', (url, reason) => {
    expect(urlRefusal(new URL(url), none)).toBe(reason);
  });

  it('accepts a private host:port only when the setting lists it, and only that port', () => {
    const allowed = new Set(['127.0.0.1:24090']);
    expect(urlRefusal(new URL('http://127.0.0.1:24090/_receiver/a'), allowed)).toBeUndefined();
    expect(urlRefusal(new URL('http://127.0.0.1:24091/_receiver/a'), allowed)).toBe(
      'Only https URLs are accepted',
    );
  });
});
