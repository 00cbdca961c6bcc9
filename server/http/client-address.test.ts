import { describe, expect, it } from 'vitest';
import { parseTrustProxy, rateLimitKey, resolveClientAddress } from './client-address.ts';

describe('resolveClientAddress', () => {
  it('takes the socket peer and ignores X-Forwarded-For when no proxy is trusted', () => {
    const trust = parseTrustProxy('');
    expect(resolveClientAddress('203.0.113.9', '198.51.100.1', trust)).toBe('203.0.113.9');
    expect(resolveClientAddress('::ffff:203.0.113.9', null, trust)).toBe('203.0.113.9');
  });

  it('with a hop count, takes the address that many entries from the right', () => {
    const oneProxy = parseTrustProxy('1');
    // The client forged the first entry; the proxy appended the address it really saw.
    expect(resolveClientAddress('10.0.0.2', '6.6.6.6, 198.51.100.7', oneProxy)).toBe('198.51.100.7');
    expect(resolveClientAddress('10.0.0.2', '198.51.100.7', oneProxy)).toBe('198.51.100.7');
    const twoProxies = parseTrustProxy('2');
    expect(resolveClientAddress('10.0.0.2', '6.6.6.6, 198.51.100.7, 10.0.0.9', twoProxies)).toBe(
      '198.51.100.7',
    );
  });

  it('with a list, believes only trusted peers and skips trusted hops from the right', () => {
    const trust = parseTrustProxy('loopback, 10.0.0.0/8');
    expect(resolveClientAddress('127.0.0.1', '6.6.6.6, 198.51.100.7, 10.1.2.3', trust)).toBe('198.51.100.7');
    // A client that is not a trusted proxy cannot choose its address.
    expect(resolveClientAddress('198.51.100.50', '1.2.3.4', trust)).toBe('198.51.100.50');
    expect(resolveClientAddress('::1', '[2001:db8::5]:4711', trust)).toBe('2001:db8::5');
    expect(resolveClientAddress('127.0.0.1', 'garbage, 198.51.100.7:8080', trust)).toBe('198.51.100.7');
  });

  it('refuses a TRUST_PROXY entry that is neither an address, a range nor a known name', () => {
    expect(() => parseTrustProxy('10.0.0.0/99')).toThrow(/prefix/);
    expect(() => parseTrustProxy('proxy.example')).toThrow(/proxy\.example/);
  });
});

describe('rateLimitKey', () => {
  it('counts IPv4 clients per address and IPv6 clients per /64 network', () => {
    expect(rateLimitKey('203.0.113.9')).toBe('203.0.113.9');
    expect(rateLimitKey('2001:db8:1:2:aaaa::1')).toBe(rateLimitKey('2001:0db8:1:2:bbbb:cccc:dddd:eeee'));
    expect(rateLimitKey('2001:db8:1:2::1')).not.toBe(rateLimitKey('2001:db8:1:3::1'));
  });
});
