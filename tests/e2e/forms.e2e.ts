import { catalogs } from '../../app/i18n/catalog.ts';
import { localizedPath } from '../../core/route-table.ts';
import { demoForms } from '../../server/db/seed/content/forms.ts';
import { e2eBaseUrl } from './e2e-env.ts';
import { expect, test } from './fixtures.ts';
import { axeViolations } from './support/axe.ts';
import { logIn, targetId } from './support/comments.ts';
import { mailTo } from './support/outbox.ts';

test.describe.configure({ timeout: 150_000 });

const contactForm = demoForms.find((form) => form.key === 'contact')!;
const availabilityForm = demoForms.find((form) => form.key === 'product-availability')!;
const labelOf = (name: string, language: 'hr' | 'en') =>
  contactForm.fields.find((field) => field.name === name)!.label[language]!;

const flows = {
  hr: { page: '/kontakt', product: 'mali-istrazivac-prirode', javaScript: false },
  en: { page: '/en/contact', product: 'happy-letters', javaScript: true },
} as const;

for (const language of ['hr', 'en'] as const) {
  const flow = flows[language];
  const texts = catalogs[language];

  test(`the contact form section sends the auto-response (${language}, ${flow.javaScript ? 'captcha solved in the browser' : 'without JavaScript'})`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: flow.javaScript });
    const page = await context.newPage();
    const email = `contact-${language}-${Date.now()}@example.com`;
    await page.goto(flow.page);
    const section = page.locator('[data-section-type="form"]');
    await expect(section.getByRole('heading', { level: 2 })).toBeVisible();
    await section.getByLabel(labelOf('name', language)).fill('Marija Horvat');
    await section.getByLabel(labelOf('email', language)).fill(email);
    await section.getByLabel(labelOf('topic', language)).selectOption('workshop');
    await section.getByLabel(labelOf('message', language)).fill('Zanima me sljedeća radionica za roditelje.');
    await section.getByRole('checkbox').check();
    await page.screenshot({ path: `test-results/forms-contact-${language}.png`, fullPage: true });
    const [request] = await Promise.all([
      page.waitForRequest(
        (candidate) => candidate.method() === 'POST' && candidate.url().includes('/form-submit'),
      ),
      section.getByRole('button', { name: contactForm.settings.submitLabel![language]! }).click(),
    ]);
    const captcha = new URLSearchParams(request.postData() ?? '').get('captcha') ?? '';
    if (flow.javaScript) {
      // The island solved the proof of work before the form went.
      expect(JSON.parse(Buffer.from(captcha, 'base64').toString('utf8'))).toMatchObject({
        algorithm: 'SHA-256',
        number: expect.any(Number),
      });
    } else expect(captcha).toBe('');
    await expect(page.getByTestId('form-outcome')).toHaveText(
      contactForm.settings.successMessage![language]!,
    );
    const mail = await mailTo(email, /Zanima me sljede/);
    expect(mail).toContain('Marija Horvat');
    await page.screenshot({ path: `test-results/forms-contact-sent-${language}.png`, fullPage: true });
    await context.close();
  });

  test(`an availability request mails when the stock returns (${language})`, async ({ page, playwright }) => {
    const editor = await playwright.request.newContext({ baseURL: e2eBaseUrl });
    await logIn(editor, 'editor');
    const productId = await targetId(editor, 'product', flow.product, language);
    const setStock = async (stockQty: number) => {
      const response = await editor.patch(`/api/v1/admin/product/stock/${productId}`, {
        data: { stockQty, manageStock: true },
      });
      expect(response.status(), await response.text()).toBe(200);
    };
    const email = `back-${language}-${Date.now()}@example.com`;
    try {
      await setStock(0);
      await page.goto(localizedPath('product', language, { slug: flow.product }));
      await expect(page.getByTestId('product-stock')).toHaveText(texts.product.stock.outOfStock);
      const section = page.locator('#availability');
      await expect(section.getByRole('heading', { level: 2 })).toHaveText(availabilityForm.title[language]!);
      await section.getByLabel(availabilityForm.fields[0]!.label[language]!).fill(email);
      await section.getByRole('checkbox').check();
      await section.scrollIntoViewIfNeeded();
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: `test-results/forms-availability-${language}.png`, fullPage: true });
      await section.getByRole('button', { name: availabilityForm.settings.submitLabel![language]! }).click();
      await expect(page.getByTestId('form-outcome')).toHaveText(
        availabilityForm.settings.successMessage![language]!,
      );
      await setStock(5);
      const mail = await mailTo(email, /product-back-in-stock|\/product\/|\/en\/product\//);
      expect(mail).toContain(localizedPath('product', language, { slug: flow.product }));
    } finally {
      await setStock(5);
      await editor.dispose();
    }
  });
}

test('the server refuses bad fields with section 5 messages under each field; the form and its errors are axe clean', async ({
  page,
}) => {
  await page.goto('/en/contact');
  const section = page.locator('[data-section-type="form"]');
  const formId = await section.locator('input[name="formId"]').inputValue();
  // What a browser without JavaScript and without HTML validation would post.
  const response = await page.request.post('/form-submit', {
    form: {
      formId,
      returnTo: '/en/contact',
      anchor: 'form-x',
      'data.name': 'R2-D2',
      'data.email': 'not-an-address',
      'data.topic': 'workshop',
      'data.message': 'short',
      consents: await section.getByRole('checkbox').getAttribute('value').then(String),
    },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(303);
  const location = response.headers().location!;
  expect(location).toContain('formStatus=invalid');
  await page.goto(location);
  const texts = catalogs.en.forms;
  await expect(page.getByTestId('form-outcome')).toHaveText(texts.errorSummary);
  await expect(section.getByLabel(labelOf('name', 'en'))).toHaveAttribute('aria-invalid', 'true');
  await expect(section.getByText(texts.field.alphaSpecialChars)).toBeVisible();
  await expect(section.getByText(texts.field.email)).toBeVisible();
  await expect(section.getByText(texts.field.minLength.replace('{{length}}', '10'))).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/forms-contact-errors-en.png', fullPage: true });
});
