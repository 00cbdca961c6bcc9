import type { Page, Request } from '@playwright/test';
import { catalogs } from '../../app/i18n/catalog.ts';
import { e2eBaseUrl } from './e2e-env.ts';
import { expect, test } from './fixtures.ts';

const hr = catalogs.hr;
const YOUTUBE = /^https?:\/\/([\w-]+\.)*(youtube(-nocookie)?\.com|ytimg\.com|googlevideo\.com)\//;
const PAGE = '/otporno-dijete';

/** Stands in for YouTube (the tests have no Internet) and records every request that reaches for it. */
async function watchYouTube(page: Page): Promise<Request[]> {
  const requests: Request[] = [];
  page.on('request', (request) => {
    if (YOUTUBE.test(request.url())) requests.push(request);
  });
  await page.route(YOUTUBE, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title>' }),
  );
  return requests;
}

const videoSection = (page: Page) => page.locator('[data-section-type="video"]');

test('nothing is requested from YouTube before the visitor plays the video; a key press loads it', async ({
  page,
}) => {
  const requests = await watchYouTube(page);
  await page.goto(PAGE);
  const poster = videoSection(page).getByRole('button', { name: new RegExp(`^${hr.content.videoPlay}`) });
  await poster.scrollIntoViewIfNeeded();
  await expect(poster).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(videoSection(page).locator('iframe')).toHaveCount(0);
  expect(requests.map((request) => request.url())).toEqual([]);

  await poster.focus();
  await page.keyboard.press('Enter');
  const frame = videoSection(page).locator('iframe');
  await expect(frame).toBeVisible();
  expect(await frame.getAttribute('src')).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]+\?/);
  await expect.poll(() => requests.length).toBeGreaterThan(0);
  await expect(frame).toBeFocused();
});

test('with marketing consent the video is embedded at once, also right after accepting the banner', async ({
  page,
  context,
}) => {
  const requests = await watchYouTube(page);
  await page.goto(PAGE);
  await page.getByLabel(hr.cookies.marketing).check();
  await page.getByRole('button', { name: hr.cookies.accept }).click();
  await expect(videoSection(page).locator('iframe')).toBeAttached();

  await context.addCookies([
    { name: 'cookie_consent', value: encodeURIComponent('necessary,marketing'), url: e2eBaseUrl },
  ]);
  await page.goto(PAGE);
  await expect(videoSection(page).getByTestId('video-poster')).toHaveCount(0);
  await videoSection(page).scrollIntoViewIfNeeded();
  await expect(videoSection(page).locator('iframe')).toBeVisible();
  await expect.poll(() => requests.length).toBeGreaterThan(0);
});

test('analytics consent alone does not load the video', async ({ page, context }) => {
  await context.addCookies([
    { name: 'cookie_consent', value: encodeURIComponent('necessary,analytics'), url: e2eBaseUrl },
  ]);
  const requests = await watchYouTube(page);
  await page.goto(PAGE);
  await videoSection(page).scrollIntoViewIfNeeded();
  await expect(videoSection(page).getByTestId('video-poster')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(requests).toEqual([]);
});
