import { describe, expect, it } from 'vitest';
import { isHostHeader, isPlainHost } from './host-header.ts';

describe('Host headers', () => {
  const plain = [
    'localhost',
    'localhost:3000',
    '127.0.0.1:3190',
    '[::1]:3000',
    'shop.example.com',
    'Shop.Example.com.',
    'xn--ucionica-9yb.hr',
  ];
  const legalNotPlain = ['a!b.example', 'under_score.example', 'host:', '[::1]:'];
  const malformed = [
    '41\\%UG?M ',
    'localhost:3000@evil.example',
    'a b',
    'exa%41mple.com',
    'host/path',
    'host:99999999',
    '[::1',
    '',
  ];

  it('takes every plain host as a Host header and as a plain host', () => {
    for (const host of plain) {
      expect(isHostHeader(host), host).toBe(true);
      expect(isPlainHost(host), host).toBe(true);
    }
  });

  it('takes the other hosts RFC 9110 allows as Host headers, not as plain hosts', () => {
    for (const host of legalNotPlain) {
      expect(isHostHeader(host), host).toBe(true);
      expect(isPlainHost(host), host).toBe(false);
    }
  });

  it('refuses malformed hosts as both', () => {
    for (const host of malformed) {
      expect(isHostHeader(host), host).toBe(false);
      expect(isPlainHost(host), host).toBe(false);
    }
  });

  it('bounds a plain host: labels of 63 characters at most, 261 characters in all', () => {
    expect(isPlainHost(`${'a'.repeat(63)}.example`)).toBe(true);
    expect(isPlainHost(`${'a'.repeat(64)}.example`)).toBe(false);
    expect(isPlainHost(`${'abc.'.repeat(66)}example`)).toBe(false);
    expect(isPlainHost('.example')).toBe(false);
    expect(isPlainHost('a..example')).toBe(false);
  });
});
