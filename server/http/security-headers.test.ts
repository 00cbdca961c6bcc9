import { describe, expect, it } from 'vitest';
import { baseSecurityHeaders, createNonce, documentCsp, securityHeaderOptions } from './security-headers.ts';

const directive = (policy: string, name: string) =>
  policy
    .split('; ')
    .find((entry) => entry.startsWith(`${name} `) || entry === name)
    ?.split(' ')
    .slice(1);

describe('documentCsp', () => {
  it('runs only nonced scripts in production, without unsafe-inline, and locks plugins, base and framing', () => {
    const nonce = createNonce();
    const policy = documentCsp(nonce, { https: false, dev: false });
    expect(directive(policy, 'script-src')).toEqual([`'nonce-${nonce}'`, "'strict-dynamic'"]);
    expect(directive(policy, 'object-src')).toEqual(["'none'"]);
    expect(directive(policy, 'base-uri')).toEqual(["'none'"]);
    expect(directive(policy, 'frame-ancestors')).toEqual(["'self'"]);
    expect(directive(policy, 'upgrade-insecure-requests')).toBeUndefined();
    expect(documentCsp(nonce, { https: true, dev: false })).toContain('upgrade-insecure-requests');
  });

  it("lets pages connect to the bucket's presigned addresses when media live in S3", () => {
    const policy = (config: Record<string, unknown>) =>
      directive(documentCsp('n', securityHeaderOptions({ isProduction: true, ...config })), 'connect-src');
    expect(policy({})).not.toContain(expect.stringContaining('amazonaws'));
    expect(policy({ S3_BUCKET: 'media', S3_REGION: 'eu-central-1' })).toContain(
      'https://media.s3.eu-central-1.amazonaws.com',
    );
    expect(
      policy({ S3_BUCKET: 'media', S3_ENDPOINT: 'http://127.0.0.1:9000/', S3_FORCE_PATH_STYLE: true }),
    ).toContain('http://127.0.0.1:9000');
    expect(policy({ S3_BUCKET: 'media', S3_ENDPOINT: 'https://r2.example.com' })).toContain(
      'https://media.r2.example.com',
    );
  });

  it('gives every response a nonce of its own', () => {
    expect(createNonce()).not.toBe(createNonce());
    expect(Buffer.from(createNonce(), 'base64')).toHaveLength(16);
  });

  it("allows reCAPTCHA's frames only when reCAPTCHA is configured", () => {
    const frames = (recaptcha: boolean) =>
      directive(documentCsp('', { https: true, dev: false, recaptcha }), 'frame-src');
    expect(frames(true)).toContain('https://www.google.com/recaptcha/');
    expect(frames(false)?.some((source) => source.includes('recaptcha'))).toBe(false);
  });

  it("lets Vite's own inline scripts run in development only", () => {
    expect(directive(documentCsp('', { https: false, dev: true }), 'script-src')).toContain(
      "'unsafe-inline'",
    );
  });
});

describe('baseSecurityHeaders', () => {
  it('adds HSTS only over https', () => {
    const names = (https: boolean) => baseSecurityHeaders({ https, dev: false }).map(([name]) => name);
    expect(names(false)).not.toContain('Strict-Transport-Security');
    expect(names(true)).toContain('Strict-Transport-Security');
  });
});
