import { useTranslation } from 'react-i18next';
import { data, redirect } from 'react-router';
import { localizedPath } from '../../core/route-table.ts';
import { webConsentFilter } from '../../server/modules/consent/consent.contract.ts';
import { socialProviders } from '../../server/modules/users/social.contract.ts';
import { register, registerBody } from '../../server/modules/users/users.contract.ts';
import { AuthField, FormAlert, primaryButton, textLink } from '../components/auth-form.tsx';
import { Breadcrumb } from '../components/breadcrumb.tsx';
import { SocialButtons } from '../components/social-buttons.tsx';
import { catalogs } from '../i18n/catalog.ts';
import { Island } from '../islands/island.tsx';
import { apiErrors, type FormErrors, formText, schemaErrors } from '../lib/auth-errors.ts';
import { requestApi } from '../lib/request-language.ts';
import { type PageSeo, routeAlternates, seoMeta } from '../lib/seo.ts';
import type { Route } from './+types/register';

export async function loader(args: Route.LoaderArgs) {
  const { language, api } = requestApi(args);
  const [result, social] = await Promise.all([
    api.call(webConsentFilter, { body: { assignedTo: 'registerForm' } }),
    api.call(socialProviders, {}),
  ]);
  const consents = result.errored ? [] : (result.data.records[0]?.consents ?? []);
  const seo: PageSeo = {
    title: catalogs[language].auth.register.title,
    description: catalogs[language].auth.register.intro,
    alternates: routeAlternates('register'),
    noindex: true,
  };
  const providers = social.errored ? [] : social.data.providers;
  return { language, seo, consents, consentsFailed: result.errored, providers };
}

export async function action(args: Route.ActionArgs) {
  const { language, api } = requestApi(args);
  const form = await args.request.formData();
  const values = {
    firstName: formText(form, 'firstName'),
    lastName: formText(form, 'lastName'),
    email: formText(form, 'email'),
  };
  const input = {
    ...values,
    password: formText(form, 'password'),
    confirmedPassword: formText(form, 'confirmedPassword'),
    consents: form
      .getAll('consents')
      .map((value) => Number(value))
      .filter((value) => Number.isSafeInteger(value) && value > 0),
    captcha: formText(form, 'captcha').slice(0, 4000),
  };
  const echo = { values, consents: input.consents };
  // The contract's own schema: the same rules the API applies, every field's error at once.
  const parsed = registerBody.safeParse(input);
  if (!parsed.success) return data({ errors: schemaErrors(parsed.error), ...echo }, { status: 400 });
  const result = await api.call(register, { body: parsed.data });
  if (result.errored) {
    const errors: FormErrors = apiErrors(result.error);
    return data({ errors, ...echo }, { status: result.error.statusCode || 500 });
  }
  const notice = result.data.mailSent ? 'registered' : 'registeredNoMail';
  return redirect(`${localizedPath('home', language)}?notice=${notice}`, 303);
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => seoMeta(matches, loaderData?.seo);

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { language, consents, providers } = loaderData;
  const errors = actionData?.errors ?? null;
  const values = actionData?.values;
  const consentError = errors?.fields.consents;
  return (
    <main id="main" className="mx-auto w-full max-w-md px-4 py-10">
      <Breadcrumb
        items={[
          { label: t('auth.home'), href: localizedPath('home', language) },
          { label: t('auth.register.title') },
        ]}
      />
      <h1 className="mt-4 text-3xl font-bold text-slate-900">{t('auth.register.title')}</h1>
      <p className="mt-2 text-slate-700">{t('auth.register.intro')}</p>
      <form method="post" noValidate className="mt-6 flex flex-col gap-4">
        <FormAlert errors={errors} />
        <AuthField
          name="firstName"
          label={t('auth.register.firstName')}
          autoComplete="given-name"
          errors={errors}
          defaultValue={values?.firstName}
        />
        <AuthField
          name="lastName"
          label={t('auth.register.lastName')}
          autoComplete="family-name"
          errors={errors}
          defaultValue={values?.lastName}
        />
        <AuthField
          name="email"
          type="email"
          label={t('auth.email')}
          autoComplete="email"
          errors={errors}
          defaultValue={values?.email}
        />
        <AuthField
          name="password"
          type="password"
          label={t('auth.password')}
          autoComplete="new-password"
          hint={t('auth.register.passwordHint')}
          errors={errors}
        />
        <AuthField
          name="confirmedPassword"
          type="password"
          label={t('auth.register.confirmedPassword')}
          autoComplete="new-password"
          errors={errors}
        />
        {consents.length > 0 && (
          <fieldset
            className="flex flex-col gap-2"
            aria-describedby={consentError ? 'field-consents-error' : undefined}
          >
            <legend className="text-sm font-medium text-slate-800">{t('auth.register.consents')}</legend>
            {consents.map((consent) => (
              <label key={consent.id} className="flex items-start gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  name="consents"
                  value={consent.id}
                  defaultChecked={actionData?.consents.includes(consent.id)}
                  aria-invalid={consentError && consent.required ? true : undefined}
                  className="mt-1"
                />
                <span>
                  {consent.displayName}
                  {consent.required && (
                    <span className="text-rose-700">
                      {' '}
                      * <span className="sr-only">({t('auth.required')})</span>
                    </span>
                  )}
                  <span className="block text-xs text-slate-500">{consent.uniqueNumber}</span>
                </span>
              </label>
            ))}
            {consentError && (
              <p id="field-consents-error" className="text-sm text-rose-700">
                {t(`auth.errors.${consentError}`)}
              </p>
            )}
          </fieldset>
        )}
        <Island name="captcha" props={{ language }} />
        {errors?.fields.captcha && (
          <p id="field-captcha-error" role="alert" className="text-sm text-rose-700">
            {t(`auth.errors.${errors.fields.captcha}`)}
          </p>
        )}
        <button type="submit" className={primaryButton}>
          {t('auth.register.submit')}
        </button>
      </form>
      <SocialButtons providers={providers} language={language} redirectTo="" />
      <p className="mt-4 text-sm text-slate-700">
        {t('auth.register.haveAccount')}{' '}
        <a className={textLink} href={localizedPath('login', language)}>
          {t('auth.register.login')}
        </a>
      </p>
    </main>
  );
}
