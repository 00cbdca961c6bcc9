import fs from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page, test } from '@playwright/test';
import { SANDBOX_CARDS } from '../../server/modules/payments/sandbox-cards.ts';
import type { HPF_FIELDS } from '../../server/modules/payments/sandbox-gateway.routes.ts';
import { signFields } from '../../server/modules/payments/webhook-signature.ts';
import { e2ePaymentSecret } from './e2e-env.ts';

// The sandbox gateway's own pages in the browser: a shop page adds the hosted payment form and
// submits it (as the checkout does), then the shopper pays on the gateway's card page with each
// test card. The full checkout is tested with the checkout's pages.

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.2 A and AA violations on the page (axe-core, evaluated over the DevTools protocol). */
async function axeViolations(page: Page) {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (context: unknown, options: object) => Promise<{ violations: { id: string }[] }> };
      }
    ).axe;
    const results = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    });
    return results.violations.map((violation) => violation.id);
  });
}

let counter = 0;

async function openCardPage(page: Page, language: 'en' | 'hr' = 'en') {
  counter += 1;
  const reference = `e2e${Date.now()}${counter}`.slice(0, 40);
  const fields: Record<(typeof HPF_FIELDS)[number], string> = {
    reference,
    custom_id: '',
    amount: '4990',
    currency: 'EUR',
    language,
    description: `E2E order ${counter}`,
    success_url: '/en?sandbox=success',
    failure_url: '/en?sandbox=failure',
    webhook_url: '/payments/webhook/sandbox',
  };
  const signature = signFields(e2ePaymentSecret, fields);
  await page.goto('/en');
  await page.evaluate(
    ({ fields }) => {
      const form = document.createElement('form');
      form.method = 'post';
      form.action = '/sandbox-gateway/hpf';
      for (const [name, value] of Object.entries(fields)) {
        const input = document.createElement('input');
        input.type = 'hidden';
        input.name = name;
        input.value = value;
        form.append(input);
      }
      document.body.append(form);
      form.submit();
    },
    { fields: { ...fields, signature } },
  );
  await page.waitForURL(/\/sandbox-gateway\/pay\/pay_/);
}

async function pay(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/39');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Ana Anić');
  await page.getByRole('button', { name: /^Pay/ }).click();
}

test('the approving card returns to the success address', async ({ page }) => {
  await openCardPage(page);
  await expect(page.getByRole('heading', { name: 'Pay' })).toBeVisible();
  await expect(page.getByText('€49.90').first()).toBeVisible();
  await page.screenshot({ path: '/tmp/payments-card-page.png', fullPage: true });
  expect(await axeViolations(page)).toEqual([]);
  await pay(page, SANDBOX_CARDS.approve);
  await page.waitForURL(/sandbox=success/);
  expect(page.url()).toMatch(/token=pay_/);
});

test('the declining card returns to the failure address', async ({ page }) => {
  await openCardPage(page);
  await pay(page, SANDBOX_CARDS.decline);
  await page.waitForURL(/sandbox=failure/);
});

test('the second-step card asks for confirmation, then approves', async ({ page }) => {
  await openCardPage(page);
  await pay(page, SANDBOX_CARDS.challenge);
  await expect(page.getByRole('heading', { name: 'Confirm the payment' })).toBeVisible();
  await expect(page.getByText('•••• 3220')).toBeVisible();
  await page.screenshot({ path: '/tmp/payments-confirm-page.png', fullPage: true });
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.waitForURL(/sandbox=success/);
});

test('a wrong number is refused on the page, in Croatian for a Croatian order', async ({ page }) => {
  await openCardPage(page, 'hr');
  await page.getByLabel('Broj kartice').fill('4242 4242 4242 4241');
  await page.getByLabel('Vrijedi do (MM/GG)').fill('12/39');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Ime na kartici').fill('Ana Anić');
  await page.getByRole('button', { name: /^Plati/ }).click();
  await expect(page.getByText('Unesite ispravan broj kartice.')).toBeVisible();
  await expect(page.getByLabel('Broj kartice')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Broj kartice')).toHaveValue('');
  expect(await axeViolations(page)).toEqual([]);
});
