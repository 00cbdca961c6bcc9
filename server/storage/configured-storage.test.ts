import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { createConfiguredStorage } from './configured-storage.ts';

const bucket = { S3_BUCKET: 'shop-media' };

function variablesOf(attempt: () => unknown): string[] {
  try {
    attempt();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).issues.map((issue) => issue.variable).sort();
  }
  throw new Error('expected a ConfigError');
}

describe('storage configuration', () => {
  it('uses the local media directory unless S3_BUCKET is set', () => {
    expect(createConfiguredStorage(loadConfig({})).kind).toBe('local');
    expect(createConfiguredStorage(loadConfig({ S3_BUCKET: '' })).kind).toBe('local');
    expect(createConfiguredStorage(loadConfig(bucket)).kind).toBe('s3');
  });

  it('fills in defaults and normalises the prefix to a folder', () => {
    const config = loadConfig({ ...bucket, S3_PREFIX: '/shop/media/' });
    expect(config.S3_PREFIX).toBe('shop/media/');
    expect(config.S3_REGION).toBe('us-east-1');
    expect(config.S3_FORCE_PATH_STYLE).toBe(false);
    expect(config.S3_TIMEOUT_MS).toBeGreaterThan(0);
    expect(loadConfig(bucket).S3_PREFIX).toBe('');
  });

  it('names each variable that is wrong on its own', () => {
    expect(variablesOf(() => loadConfig({ S3_BUCKET: 'My_Bucket' }))).toEqual(['S3_BUCKET']);
    expect(variablesOf(() => loadConfig({ ...bucket, S3_ENDPOINT: 'ftp://files.example' }))).toEqual([
      'S3_ENDPOINT',
    ]);
    expect(variablesOf(() => loadConfig({ ...bucket, S3_PREFIX: 'shop/../other' }))).toEqual(['S3_PREFIX']);
    expect(variablesOf(() => loadConfig({ ...bucket, S3_FORCE_PATH_STYLE: 'sometimes' }))).toEqual([
      'S3_FORCE_PATH_STYLE',
    ]);
    expect(variablesOf(() => loadConfig({ ...bucket, S3_TIMEOUT_MS: 'soon' }))).toEqual(['S3_TIMEOUT_MS']);
  });

  it('refuses settings that only make sense together', () => {
    expect(variablesOf(() => loadConfig({ S3_ENDPOINT: 'http://minio:9000' }))).toEqual(['S3_BUCKET']);
    expect(() => loadConfig({ S3_ENDPOINT: 'http://minio:9000' })).toThrow(/S3_BUCKET.*S3_ENDPOINT/);
    expect(variablesOf(() => loadConfig({ ...bucket, S3_ACCESS_KEY_ID: 'key' }))).toEqual([
      'S3_SECRET_ACCESS_KEY',
    ]);
    expect(variablesOf(() => loadConfig({ ...bucket, S3_SECRET_ACCESS_KEY: 'secret' }))).toEqual([
      'S3_ACCESS_KEY_ID',
    ]);
  });
});
