import { describe, expect, it } from 'vitest';
import { eventDateText, eventTimeText, utcOffsetMinutes, zagrebDateTime } from './content-dates.ts';

describe('content dates', () => {
  it('knows Zagreb is one hour ahead of UTC in winter and two in summer', () => {
    expect(utcOffsetMinutes(new Date('2026-01-15T12:00:00Z'), 'Europe/Zagreb')).toBe(60);
    expect(utcOffsetMinutes(new Date('2026-07-15T12:00:00Z'), 'Europe/Zagreb')).toBe(120);
  });

  it('places a time on a day relative to now, in Zagreb wall-clock time', () => {
    const now = new Date('2026-03-10T09:00:00Z');
    expect(zagrebDateTime(now, 4, '17:30').toISOString()).toBe('2026-03-14T16:30:00.000Z');
    // Crosses the switch to summer time on 29 March 2026.
    expect(zagrebDateTime(now, 20, '17:30').toISOString()).toBe('2026-03-30T15:30:00.000Z');
    expect(zagrebDateTime(now, -10, '10:00').toISOString()).toBe('2026-02-28T09:00:00.000Z');
  });

  it('counts days from the Zagreb date, not the UTC date, just before midnight UTC', () => {
    // 23:30 UTC on 10 March is already 11 March in Zagreb.
    const now = new Date('2026-03-10T23:30:00Z');
    expect(zagrebDateTime(now, 0, '12:00').toISOString()).toBe('2026-03-11T11:00:00.000Z');
  });

  it('writes the date and time texts in each language', () => {
    const start = new Date('2026-03-14T16:30:00Z');
    const end = new Date('2026-03-14T18:00:00Z');
    // ICU versions differ on the comma after the weekday.
    expect(eventDateText(start, 'en')).toMatch(/^Saturday,? 14 March 2026$/);
    expect(eventDateText(start, 'hr')).toMatch(/^subota, 14\. ožujka 2026\.?$/);
    expect(eventTimeText(start, end, 'hr')).toBe('17:30 – 19:00 h');
    expect(eventTimeText(start, null, 'en')).toBe('17:30');
  });
});
