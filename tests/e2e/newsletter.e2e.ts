import { catalogs } from '../../app/i18n/catalog.ts';
import { localizedPath } from '../../core/route-table.ts';
import { expect, test } from './fixtures.ts';
import { mailTo } from './support/outbox.ts';

const pathOf = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

test.describe('newsletter double opt-in', () => {
  test.describe.configure({ timeout: 120_000 });

  for (const language of ['hr', 'en'] as const) {
    test(`a visitor signs up in the footer (captcha solved in the browser), confirms by mail, unsubscribes with one click (${language})`, async ({
      page,
    }) => {
      const texts = catalogs[language];
      const email = `news-${language}-${Date.now()}@example.com`;
      await page.goto(localizedPath('home', language));
      const form = page.locator('#newsletter');
      await form.getByLabel(texts.newsletter.emailLabel).fill(email);
      const [request] = await Promise.all([
        page.waitForRequest(
          (candidate) => candidate.method() === 'POST' && candidate.url().includes('/newsletter-signup'),
        ),
        form.getByRole('button').click(),
      ]);
      // The island solved the proof of work before the form went: the post carries its payload.
      const captcha = new URLSearchParams(request.postData() ?? '').get('captcha') ?? '';
      const payload = JSON.parse(Buffer.from(captcha, 'base64').toString('utf8'));
      expect(payload).toMatchObject({ algorithm: 'SHA-256', number: expect.any(Number) });
      await expect(form.getByRole('status')).toHaveText(texts.newsletter.subscribed);

      const confirmation = await mailTo(email, /\?subscription=/);
      const link = confirmation.match(/https?:\/\/[^\s"]+\?subscription=[A-Za-z0-9_-]+/)![0];
      expect(pathOf(link).startsWith(localizedPath('confirmEmail', language))).toBe(true);
      await page.goto(pathOf(link));
      await expect(page.getByTestId('confirmed-text')).toContainText(email);
      await expect(page.getByRole('status').first()).toContainText(texts.newsletter.confirmed);

      const welcome = await mailTo(email, /List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
      const unsubscribeUrl = welcome.match(/^List-Unsubscribe:\s+<([^>]+)>/m)![1]!;
      expect(pathOf(unsubscribeUrl).startsWith(localizedPath('newsletterUnsubscribe', language))).toBe(true);
      const status = page.getByTestId('unsubscribe-status');

      if (language === 'hr') {
        // The link in the mail: a page that asks (opening it changes nothing), then one click.
        await page.goto(pathOf(unsubscribeUrl));
        await expect(status).toHaveText(texts.unsubscribe.question.replace('{{email}}', email));
        await page.reload();
        await expect(status).toHaveText(texts.unsubscribe.question.replace('{{email}}', email));
        await page.getByRole('button', { name: texts.unsubscribe.confirm }).click();
        await expect(status).toHaveText(texts.unsubscribe.done.replace('{{email}}', email));
      } else {
        // The mail client's one-click button (RFC 8058): a POST to the header's URL, no login, no page.
        const response = await page.request.post(pathOf(unsubscribeUrl), {
          form: { 'List-Unsubscribe': 'One-Click' },
        });
        expect(response.status()).toBe(200);
      }
      await page.goto(pathOf(unsubscribeUrl));
      await expect(status).toHaveText(texts.unsubscribe.notSubscribed.replace('{{email}}', email));
      await expect(page.getByRole('button', { name: texts.unsubscribe.confirm })).toHaveCount(0);
    });
  }
});
