import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.ts';
import { isAllowListed, parseWebhookAllowList } from './provider-webhook.ts';

describe('PAYMENT_WEBHOOK_ALLOW', () => {
  it('refuses an entry that is not provider=address-or-CIDR at start-up', () => {
    for (const value of [
      'sandbox',
      'sandbox=10.0.0.0/33',
      'sandbox=not-an-ip',
      'Bad Name=10.0.0.1',
      'sandbox=',
      'sandbox=10.0.0.1=2',
    ])
      expect(() => loadConfig({ NODE_ENV: 'test', PAYMENT_WEBHOOK_ALLOW: value }), value).toThrow(
        /PAYMENT_WEBHOOK_ALLOW/,
      );
  });

  it('matches addresses and ranges per provider, IPv4 carried in IPv6 too', () => {
    const allow = parseWebhookAllowList(' sandbox = 10.0.0.0/8, 2001:db8::/32 ; psp=192.0.2.7 ;');
    expect(isAllowListed(allow, 'sandbox', '10.1.2.3')).toBe(true);
    expect(isAllowListed(allow, 'sandbox', '::ffff:10.1.2.3')).toBe(true);
    expect(isAllowListed(allow, 'sandbox', '2001:db8:1::5')).toBe(true);
    expect(isAllowListed(allow, 'sandbox', '11.0.0.1')).toBe(false);
    expect(isAllowListed(allow, 'sandbox', '192.0.2.7')).toBe(false);
    expect(isAllowListed(allow, 'psp', '192.0.2.7')).toBe(true);
    expect(isAllowListed(allow, 'psp', '192.0.2.8')).toBe(false);
    expect(isAllowListed(allow, 'other', '10.1.2.3')).toBe(false);
    expect(isAllowListed(allow, 'sandbox', undefined)).toBe(false);
    expect(parseWebhookAllowList(undefined).size).toBe(0);
  });
});
