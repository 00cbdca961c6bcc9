import { describe, expect, it } from 'vitest';
import { confirmationGoal, downloadName } from './confirmEmail.tsx';

const query = (values: Record<string, string>) => new URLSearchParams(values);

describe('confirmationGoal', () => {
  it('reads a complete double-opt-in result', () => {
    expect(
      confirmationGoal(query({ goalType: 'message', goal: 'Welcome', confirmedEmail: 'ana@example.com' })),
    ).toEqual({ goalType: 'message', goal: 'Welcome', confirmedEmail: 'ana@example.com' });
  });

  it('is null when any part is missing or blank', () => {
    expect(confirmationGoal(query({ goal: 'x', confirmedEmail: 'a@b.hr' }))).toBeNull();
    expect(confirmationGoal(query({ goalType: 'message', confirmedEmail: 'a@b.hr' }))).toBeNull();
    expect(confirmationGoal(query({ goalType: 'message', goal: 'x' }))).toBeNull();
    expect(confirmationGoal(query({ goalType: 'message', goal: '  ', confirmedEmail: 'a@b.hr' }))).toBeNull();
  });

  it('refuses an unknown goal type', () => {
    expect(confirmationGoal(query({ goalType: 'script', goal: 'x', confirmedEmail: 'a@b.hr' }))).toBeNull();
  });

  it('accepts redirects and downloads only on this site', () => {
    const of = (goalType: string, goal: string) =>
      confirmationGoal(query({ goalType, goal, confirmedEmail: 'a@b.hr' }));
    expect(of('url', '/en/shop')?.goal).toBe('/en/shop');
    expect(of('url', 'https://evil.example/')).toBeNull();
    expect(of('url', '//evil.example/')).toBeNull();
    expect(of('file', '/media/1/7/original/guide.pdf')?.goalType).toBe('file');
    expect(of('file', 'https://evil.example/guide.pdf')).toBeNull();
    expect(of('file', '//evil.example/guide.pdf')).toBeNull();
  });
});

describe('downloadName', () => {
  it('takes the last segment that looks like a file', () => {
    expect(downloadName('/media/1/7/original/vodic-za-roditelje.pdf/abc123')).toBe('vodic-za-roditelje.pdf');
    expect(downloadName('/files/guide.pdf?v=2')).toBe('guide.pdf');
    expect(downloadName('/files/')).toBe('download');
  });
});
