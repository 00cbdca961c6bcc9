import { catalogs } from '../../app/i18n/catalog.ts';
import { expect as baseExpect, test } from './fixtures.ts';

/**
 * Events the browser's runtime (Preact, docs/decisions/0195-preact-islands.md) delivers otherwise than
 * React would if the islands relied on React's synthetic events: a range input's `onChange` (every
 * move) and a form's edits (`input`, which bubbles from every field).
 */
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });

const hr = catalogs.hr.shop;

test('moving the price slider updates the "from" field at once and the listing after the pause', async ({
  page,
}) => {
  await page.goto('/shop/knjige');
  const filters = page.getByTestId('filter-form-desktop');
  const slider = filters.getByLabel(hr.filters.priceMin, { exact: true });
  const from = filters.getByLabel(hr.filters.from, { exact: true });
  const [low, high] = await slider.evaluate((input: HTMLInputElement) => [
    Number(input.min),
    Number(input.max),
  ]);
  expect(high, 'the seeded books span a price range').toBeGreaterThan(low + 2);
  const middle = String(Math.round((low + high) / 2));
  await slider.fill(middle);
  // The slider is not a field of the form: the number field follows it and the form applies it later.
  await expect(from).toHaveValue(middle);
  await expect(page).toHaveURL(new RegExp(`price=${middle}-$`));
  await expect(filters.getByLabel(hr.filters.from, { exact: true })).toHaveValue(middle);
});
