import { SANDBOX_CARDS } from './sandbox-cards.ts';
import type { SandboxPayment } from './sandbox-gateway.service.ts';
import { type SandboxTexts, textsFor } from './sandbox-gateway.texts.ts';

// The sandbox gateway's own pages: plain server-rendered HTML forms that work without JavaScript.

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const money = (language: string, amount: number, currency: string) =>
  new Intl.NumberFormat(language === 'hr' ? 'hr-HR' : language === 'de' ? 'de-DE' : 'en-GB', {
    style: 'currency',
    currency,
  }).format(amount / 100);

const groups = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

function layout(language: string, title: string, body: string) {
  const t = textsFor(language);
  return `<!doctype html>
<html lang="${escapeHtml(language)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><link rel="icon" href="data:,"><title>${escapeHtml(title)} — ${escapeHtml(t.title)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#eef1f5;color:#1c2430}
main{max-width:28rem;margin:2rem auto;background:#fff;padding:1.5rem;border-radius:.5rem;box-shadow:0 1px 4px #0002}
.brand{font-weight:700;color:#0b4f8a;margin:0 0 .25rem}.notice{background:#fff4d6;padding:.5rem;border-radius:.25rem;font-size:.9rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}dt{color:#555}dd{margin:0;font-weight:600}
label{display:block;margin:.75rem 0 .25rem;font-weight:600}input{width:100%;box-sizing:border-box;padding:.6rem;font-size:1rem;border:1px solid #6b7280;border-radius:.25rem}
input[aria-invalid=true]{border-color:#b00020}.error{color:#b00020;margin:.25rem 0 0}
.actions{display:flex;gap:.75rem;margin-top:1.25rem}button{padding:.7rem 1.2rem;font-size:1rem;border-radius:.25rem;border:1px solid #0b4f8a;cursor:pointer}
button.primary{background:#0b4f8a;color:#fff}button.secondary{background:#fff;color:#0b4f8a}
button:focus-visible,input:focus-visible,a:focus-visible{outline:3px solid #f5a623;outline-offset:2px}
table{border-collapse:collapse;font-size:.9rem;margin-top:.5rem}td{padding:.2rem .5rem .2rem 0}code{font-size:.95rem}
</style></head>
<body><main><p class="brand">${escapeHtml(t.title)}</p><h1>${escapeHtml(title)}</h1>
<p class="notice">${escapeHtml(t.notice)}</p>${body}</main></body></html>`;
}

function summary(t: SandboxTexts, payment: SandboxPayment) {
  return `<dl><dt>${escapeHtml(t.reference)}</dt><dd>${escapeHtml(payment.description || payment.reference)}</dd>
<dt>${escapeHtml(t.amount)}</dt><dd>${escapeHtml(money(payment.language, payment.amount, payment.currency))}</dd></dl>`;
}

export type CardFormState = {
  field?: 'number' | 'expiry' | 'cvc' | 'holder';
  expiry?: string;
  holder?: string;
};

export function cardPage(payment: SandboxPayment, state: CardFormState = {}) {
  const t = textsFor(payment.language);
  const field = (name: 'number' | 'expiry' | 'cvc' | 'holder', label: string, attrs: string, value = '') => {
    const invalid = state.field === name;
    return `<label for="${name}">${escapeHtml(label)}</label>
<input id="${name}" name="${name}" ${attrs} value="${escapeHtml(value)}" required${
      invalid ? ` aria-invalid="true" aria-describedby="${name}-error" autofocus` : ''
    }>${invalid ? `<p class="error" id="${name}-error">${escapeHtml(t[`invalid_${name}`])}</p>` : ''}`;
  };
  const cards = [
    [SANDBOX_CARDS.approve, t.cardApprove],
    [SANDBOX_CARDS.decline, t.cardDecline],
    [SANDBOX_CARDS.challenge, t.cardChallenge],
  ]
    .map(([number, text]) => `<tr><td><code>${groups(number!)}</code></td><td>${escapeHtml(text!)}</td></tr>`)
    .join('');
  return layout(
    payment.language,
    t.pay,
    `${summary(t, payment)}
<form method="post" action="/sandbox-gateway/pay/${encodeURIComponent(payment.id)}" novalidate>
${field('number', t.cardNumber, 'inputmode="numeric" autocomplete="cc-number" maxlength="23"')}
${field('expiry', t.expiry, 'autocomplete="cc-exp" placeholder="MM/YY" maxlength="7"', state.expiry)}
${field('cvc', t.cvc, 'inputmode="numeric" autocomplete="cc-csc" maxlength="4"')}
${field('holder', t.holder, 'autocomplete="cc-name" maxlength="100"', state.holder)}
<div class="actions"><button class="primary" type="submit" name="action" value="pay">${escapeHtml(t.pay)} ${escapeHtml(
      money(payment.language, payment.amount, payment.currency),
    )}</button>
<button class="secondary" type="submit" name="action" value="cancel" formnovalidate>${escapeHtml(t.cancel)}</button></div>
</form>
<h2>${escapeHtml(t.testCards)}</h2><table>${cards}</table>`,
  );
}

export function challengePage(payment: SandboxPayment) {
  const t = textsFor(payment.language);
  return layout(
    payment.language,
    t.challengeTitle,
    `${summary(t, payment)}<p>${escapeHtml(t.challengeText)} ${escapeHtml(payment.maskedCard ?? '')}.</p>
<form method="post" action="/sandbox-gateway/pay/${encodeURIComponent(payment.id)}/confirm">
<div class="actions"><button class="primary" type="submit" name="decision" value="confirm">${escapeHtml(t.confirm)}</button>
<button class="secondary" type="submit" name="decision" value="cancel">${escapeHtml(t.cancel)}</button></div></form>`,
  );
}

export function approvePage(payment: SandboxPayment, plan?: { interval: string; taxAmount: number }) {
  const t = textsFor(payment.language);
  const text = plan
    ? `${t.subscriptionText} ${plan.interval === 'year' ? t.year : t.month} (${t.tax}: ${money(
        payment.language,
        plan.taxAmount,
        payment.currency,
      )}).`
    : t.approveText;
  return layout(
    payment.language,
    t.approveTitle,
    `${summary(t, payment)}<p>${escapeHtml(text)}</p>
<form method="post" action="/sandbox-gateway/approve/${encodeURIComponent(payment.id)}">
<div class="actions"><button class="primary" type="submit" name="decision" value="approve">${escapeHtml(t.approve)}</button>
<button class="secondary" type="submit" name="decision" value="cancel">${escapeHtml(t.cancel)}</button></div></form>`,
  );
}

export function messagePage(language: string, message: 'done' | 'notFound' | 'badRequest', back?: string) {
  const t = textsFor(language);
  return layout(
    language,
    t[message],
    back ? `<p><a href="${escapeHtml(back)}">${escapeHtml(t.back)}</a></p>` : '',
  );
}
