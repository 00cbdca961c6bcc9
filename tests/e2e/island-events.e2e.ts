import { catalogs } from '../../app/i18n/catalog.ts';
import { expect as baseExpect, test } from './fixtures.ts';

/**
 * Events the browser's runtime (Preact, docs/decisions/0195-preact-islands.md) delivers otherwise than
 * React would if the islands relied on React's synthetic events: the slider's pointer events
 * (pointer capture, moves) and a form's edits (`input`, which bubbles from every field).
 */
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

const hr = catalogs.hr.shop;

test('dragging the minimum price thumb updates the "from" field at once and the listing after the pause', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/shop/knjige');
  const filters = page.getByTestId('filter-form-desktop');
  const slider = filters.getByTestId('range-slider');
  const thumb = filters.getByRole('slider', { name: hr.filters.priceMin, exact: true });
  await expect(thumb).toBeVisible();
  const low = Number(await thumb.getAttribute('aria-valuemin'));
  const high = Number(await thumb.getAttribute('aria-valuemax'));
  expect(high, 'the seeded books span a price range').toBeGreaterThan(low + 10);

  const track = await slider.boundingBox();
  const knob = await thumb.boundingBox();
  if (!track || !knob) throw new Error('the slider is not laid out');
  const y = knob.y + knob.height / 2;
  await page.mouse.move(knob.x + knob.width / 2, y);
  await page.mouse.down();
  await page.mouse.move(track.x + track.width / 2, y, { steps: 8 });
  await page.mouse.up();

  const value = Number(await thumb.getAttribute('aria-valuenow'));
  expect(value).toBeGreaterThan(low);
  expect(value).toBeLessThan(high);
  // The slider is not a field of the form: the number field follows it and the form applies it later.
  await expect(filters.getByLabel(hr.filters.from, { exact: true })).toHaveValue(String(value));
  await expect(page).toHaveURL(new RegExp(`price=${value}-$`));
});
