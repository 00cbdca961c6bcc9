import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { socialProviderSettings } from './modules/users/social-login.service.ts';

describe('loadConfig', () => {
  it('falls back to the embedded defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.REDIS_URL).toBeUndefined();
    expect(config.dataDir.endsWith('/data')).toBe(true);
    expect(config.pgliteDir.startsWith(config.dataDir)).toBe(true);
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).PORT).toBe(3000);
  });

  it('names the variable that is wrong', () => {
    const attempt = () => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const variables = (error as ConfigError).issues.map((issue) => issue.variable).sort();
      expect(variables).toEqual(['DATABASE_URL', 'PORT']);
      expect((error as Error).message).toContain('PORT');
    }
  });

  it('parses boolean flags strictly', () => {
    expect(loadConfig({ MAINTENANCE_MODE: 'on' }).MAINTENANCE_MODE).toBe(true);
    expect(loadConfig({ MAINTENANCE_MODE: 'false' }).MAINTENANCE_MODE).toBe(false);
    expect(() => loadConfig({ MAINTENANCE_MODE: 'maybe' })).toThrow(/MAINTENANCE_MODE/);
  });

  it('offers a social provider only with its client id and secret, at an https address', () => {
    expect(socialProviderSettings(loadConfig({}))).toEqual([]);
    const google = socialProviderSettings(
      loadConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' }),
    );
    expect(google).toEqual([
      { name: 'google', clientId: 'id', clientSecret: 'secret', issuer: 'https://accounts.google.com' },
    ]);
    const facebook = socialProviderSettings(
      loadConfig({ FACEBOOK_CLIENT_ID: 'id', FACEBOOK_CLIENT_SECRET: 's' }),
    );
    expect(facebook[0]?.endpoints?.token).toMatch(/^https:\/\/graph\.facebook\.com\//);
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'id' })).toThrow(/GOOGLE_CLIENT_SECRET/);
    expect(() => loadConfig({ GOOGLE_ISSUER_URL: 'http://accounts.example.com' })).toThrow(
      /GOOGLE_ISSUER_URL/,
    );
    expect(loadConfig({ GOOGLE_ISSUER_URL: 'http://127.0.0.1:4000' }).GOOGLE_ISSUER_URL).toBe(
      'http://127.0.0.1:4000',
    );
  });
});
