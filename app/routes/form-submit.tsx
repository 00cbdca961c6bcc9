import { redirect } from 'react-router';
import { FORM_MESSAGES, type FormFieldRule, fieldRule } from '../../core/forms.ts';
import { languageOfPath } from '../../core/languages.ts';
import { safeRedirectTarget } from '../../core/links.ts';
import { formStoreData } from '../../server/modules/forms/forms.contract.ts';
import { encodeFieldErrors, FORM_PARAMS, type FormStatus } from '../components/forms/data-form.tsx';
import { createApiClient } from '../lib/api-client.ts';
import { contractCallerContext } from '../lib/context.ts';
import type { Route } from './+types/form-submit';

/**
 * Every form an editor defined posts here (with or without JavaScript): its fields (`data.<name>`),
 * consents and captcha go to form/storeData, and the visitor returns to the page (POST, redirect, GET)
 * with the outcome and the failed fields in the query.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
  const returnTo = safeRedirectTarget(text('returnTo').split('#')[0] || '/');
  const api = createApiClient(context.get(contractCallerContext), { language: languageOfPath(returnTo) });
  const formId = Number(text('formId'));
  const data: Record<string, string> = {};
  for (const [name, value] of form.entries())
    if (name.startsWith('data.') && typeof value === 'string' && Object.keys(data).length < 30)
      data[name.slice(5, 45)] = value.slice(0, 5000);
  const consents = form
    .getAll('consents')
    .map((value) => Number(value))
    .filter((value) => Number.isInteger(value) && value > 0)
    .slice(0, 50);
  const productId = Number(text('productId'));
  const target = new URL(returnTo, 'http://local');
  target.searchParams.set(FORM_PARAMS.id, String(Number.isInteger(formId) && formId > 0 ? formId : 0));
  let status: FormStatus;
  if (!Number.isInteger(formId) || formId < 1) status = 'failed';
  else {
    const result = await api.call(formStoreData, {
      body: {
        id: formId,
        data,
        consents,
        ...(Number.isInteger(productId) && productId > 0 ? { product_id: productId } : {}),
        captcha: text('captcha').slice(0, 4000),
      },
    });
    if (!result.errored) status = result.data.status === 'pending' ? 'pending' : 'sent';
    else {
      const { error } = result;
      const issues =
        (error.raw as { error?: { payload?: { issues?: { field: string; message: string }[] } } } | null)
          ?.error?.payload?.issues ?? [];
      const fieldErrors = issues.flatMap((issue) => {
        const name = issue.field.startsWith('data.') ? issue.field.slice(5) : null;
        const rule = fieldRule(issue.message);
        return name && rule
          ? [{ name, rule: rule.rule as FormFieldRule, ...(rule.length ? { length: rule.length } : {}) }]
          : [];
      });
      if (fieldErrors.length > 0) {
        status = 'invalid';
        target.searchParams.set(FORM_PARAMS.errors, encodeFieldErrors(fieldErrors));
      } else if (error.field === 'captcha') status = 'captcha';
      else if (error.code === 'CONSENT_REQUIRED' || error.field === 'consents') status = 'consent';
      else if (error.statusCode === 409 && error.message === FORM_MESSAGES.inStock) status = 'inStock';
      else if (error.statusCode === 429) status = 'tooMany';
      else status = 'failed';
    }
  }
  target.searchParams.set(FORM_PARAMS.status, status);
  const anchor = text('anchor');
  return redirect(
    `${target.pathname}${target.search}#${/^[a-z0-9-]{1,40}$/.test(anchor) ? anchor : 'main'}`,
    303,
  );
}

export function loader() {
  return redirect('/', 303);
}
