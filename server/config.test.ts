import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

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
});
