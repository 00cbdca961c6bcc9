import { catalogs } from '../../app/i18n/catalog.ts';
import { localizedPath } from '../../core/route-table.ts';
import { demoForms } from '../../server/db/seed/content/forms.ts';
import { e2eBaseUrl } from './e2e-env.ts';
import { expect, test } from './fixtures.ts';
import { axeViolations } from './support/axe.ts';
import { demoEditor } from './support/comments.ts';

/*
 * Issue 15: an editor defines forms as data in /admin/forms (plain server forms, no island), a
 * broken definition is refused naming the field, a field added to the seeded contact form shows on
 * the contact page, and what a visitor sends there appears in the form's submissions.
 */

test.describe.configure({ timeout: 150_000 });

const texts = catalogs.en.forms.admin;
const contactForm = demoForms.find((form) => form.key === 'contact')!;
const label = (name: string) => contactForm.fields.find((field) => field.name === name)!.label.en!;

test('an editor creates a form, is told what is wrong, adds a field to the contact form and reads what a visitor sent', async ({
  browser,
}) => {
  const editor = await browser.newContext({ baseURL: e2eBaseUrl });
  const page = await editor.newPage();
  expect((await page.request.post('/api/v1/login', { data: demoEditor })).status()).toBe(200);
  let contactId = 0;
  let original: unknown = null;
  try {
    // The list, in the admin navigation, with the seeded forms and their types.
    await page.goto(localizedPath('adminForms', 'en'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.title);
    const nav = page.getByRole('navigation', { name: catalogs.en.adminPanel.nav.label });
    await expect(nav.getByRole('link', { name: catalogs.en.adminPanel.nav.forms })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const contactRow = page.locator('tr[data-form="contact"]');
    await expect(contactRow).toContainText('contactForm');
    expect(await axeViolations(page)).toEqual([]);

    // A new form with two fields.
    const key = `e2e-signup-${Date.now()}`;
    await page.getByLabel(texts.key).fill(key);
    await page.getByLabel(texts.type).selectOption('newsletter');
    await page.getByLabel(texts.titleIn.replace('{{language}}', 'EN')).fill('Workshop news');
    await page.getByLabel(texts.titleIn.replace('{{language}}', 'HR')).fill('Novosti o radionicama');
    const twoFields = [
      { name: 'email', type: 'email', required: true, label: { hr: 'E-mail', en: 'E-mail' } },
      {
        name: 'age',
        type: 'select',
        required: false,
        label: { hr: 'Dob djeteta', en: "Child's age" },
        options: [
          { value: 'small', label: { hr: 'Do 6', en: 'Up to 6' } },
          { value: 'big', label: { hr: 'Više od 6', en: 'Over 6' } },
        ],
      },
    ];
    await page.getByTestId('form-fields-json').fill(JSON.stringify(twoFields, null, 2));
    await page.screenshot({ path: 'test-results/forms-admin-list.png', fullPage: true });
    await page.getByTestId('form-create-submit').click();
    await expect(page.getByTestId('form-done')).toHaveText(texts.created);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Form: Workshop news');
    const createdId = Number(new URL(page.url()).pathname.split('/').at(-1));
    const shown = await page.request.get(`/api/v1/form/get/${createdId}`, { headers: { language: 'en' } });
    expect((await shown.json()).data.fields.map((field: { name: string }) => field.name)).toEqual([
      'email',
      'age',
    ]);

    // A broken definition: refused whole, each problem named, the form unchanged.
    await page
      .getByTestId('form-fields-json')
      .fill(
        JSON.stringify([
          twoFields[0],
          { ...twoFields[0] },
          { name: 'x', type: 'colour', label: { en: 'X' } },
        ]),
      );
    await page.getByTestId('form-save').click();
    const errors = page.getByTestId('form-definition-errors');
    await expect(errors).toContainText(texts.invalid);
    await expect(errors).toContainText('fields.1.name (email)');
    await expect(errors).toContainText('fields.2.type (x)');
    await expect(page.getByTestId('form-fields-json')).toHaveAttribute('aria-invalid', 'true');
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: 'test-results/forms-admin-invalid.png', fullPage: true });
    const unchanged = await page.request.get(`/api/v1/form/get/${createdId}`, {
      headers: { language: 'en' },
    });
    expect((await unchanged.json()).data.fields).toHaveLength(2);
    await page.getByTestId('form-fields-json').fill('[{"name": ');
    await page.getByTestId('form-save').click();
    await expect(errors).toContainText('not valid JSON');

    // The seeded contact form gets one more field (optional: the other contact tests keep passing).
    await page.goto(localizedPath('adminForms', 'en'));
    await page.locator('tr[data-form="contact"] a').click();
    contactId = Number(new URL(page.url()).pathname.split('/').at(-1));
    const fieldsJson = await page.getByTestId('form-fields-json').inputValue();
    original = JSON.parse(fieldsJson);
    const withCity = [
      ...(original as unknown[]),
      { name: 'city', type: 'text', required: false, label: { hr: 'Grad', en: 'Your city', de: 'Stadt' } },
    ];
    await page.getByTestId('form-fields-json').fill(JSON.stringify(withCity, null, 2));
    await page.getByTestId('form-save').click();
    await expect(page.getByTestId('form-done')).toHaveText(texts.saved);

    // A visitor (with JavaScript: the captcha is solved in the browser) sees and fills the new field.
    const visitor = await browser.newContext({ baseURL: e2eBaseUrl });
    const contact = await visitor.newPage();
    const email = `city-${Date.now()}@example.com`;
    await contact.goto('/en/contact');
    const section = contact.locator('[data-section-type="form"]');
    await expect(section.getByLabel('Your city')).toBeVisible();
    await section.getByLabel(label('name')).fill('Ivana Kovač');
    await section.getByLabel(label('email')).fill(email);
    await section.getByLabel(label('topic')).selectOption('workshop');
    await section.getByLabel(label('message')).fill('Dolazimo na radionicu iz Zadra.');
    await section.getByLabel('Your city').fill('Zadar');
    await section.getByRole('checkbox').check();
    await contact.screenshot({ path: 'test-results/forms-admin-contact.png', fullPage: true });
    await section.getByRole('button', { name: contactForm.settings.submitLabel!.en! }).click();
    await expect(contact.getByTestId('form-outcome')).toHaveText(contactForm.settings.successMessage!.en!);
    await visitor.close();

    // The submission is the newest in the contact form's list, with the new field's label and value.
    await page.reload();
    const newest = page.getByTestId('form-submissions').locator('tbody tr').first();
    await expect(newest).toContainText(email);
    await expect(newest).toContainText('Your city');
    await expect(newest).toContainText('Zadar');
    // In the form's field order, a select by its option's label.
    await expect(newest.locator('dt')).toHaveText([
      label('name'),
      label('email'),
      label('topic'),
      label('message'),
      'Your city',
    ]);
    await expect(newest).toContainText(contactForm.fields[3]!.options![0]!.label.en!);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: 'test-results/forms-admin-submissions.png', fullPage: true });
  } finally {
    if (contactId && original) {
      const restored = await page.request.put(`/api/v1/admin/form/update/${contactId}`, {
        data: { type: contactForm.type, title: contactForm.title, fields: original },
      });
      expect(restored.status()).toBe(200);
    }
    await editor.close();
  }
});
