/**
 * Dates of the demo content are relative to the moment the seed runs, so that a fresh database always
 * has upcoming events and a blog that looks alive. Times are written in the organisers' time zone.
 */

export const SITE_TIME_ZONE = 'Europe/Zagreb';

const locales: Record<'hr' | 'en', string> = { hr: 'hr-HR', en: 'en-GB' };

/** Minutes east of UTC that `timeZone` is at `instant` (+60 or +120 for Zagreb). */
export function utcOffsetMinutes(instant: Date, timeZone: string): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(instant)
    .find((part) => part.type === 'timeZoneName')?.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? '');
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/** The calendar day `days` after `now` (in Zagreb), at the Zagreb wall-clock time 'HH:MM'. */
export function zagrebDateTime(now: Date, days: number, time: string): Date {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const local = new Date(now.getTime() + utcOffsetMinutes(now, SITE_TIME_ZONE) * 60_000);
  const wallClock = Date.UTC(
    local.getUTCFullYear(),
    local.getUTCMonth(),
    local.getUTCDate() + days,
    hours,
    minutes,
  );
  // The offset of the target day, not of today: the two differ across a daylight-saving change.
  const offset = utcOffsetMinutes(new Date(wallClock), SITE_TIME_ZONE);
  return new Date(wallClock - offset * 60_000);
}

/** "subota, 14. ožujka 2026." / "Saturday 14 March 2026". */
export function eventDateText(start: Date, language: 'hr' | 'en'): string {
  return new Intl.DateTimeFormat(locales[language], {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: SITE_TIME_ZONE,
  }).format(start);
}

/** "17:30 – 19:00 h" / "17:30 – 19:00". */
export function eventTimeText(start: Date, end: Date | null, language: 'hr' | 'en'): string {
  const format = new Intl.DateTimeFormat(locales[language], {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: SITE_TIME_ZONE,
  });
  const range = end ? `${format.format(start)} – ${format.format(end)}` : format.format(start);
  return language === 'hr' ? `${range} h` : range;
}
