import { useTranslation } from 'react-i18next';
import { data, redirect } from 'react-router';
import { safeRedirectTarget } from '../../core/links.ts';
import { localizedPath } from '../../core/route-table.ts';
import { socialProviders } from '../../server/modules/users/social.contract.ts';
import { login, loginBody } from '../../server/modules/users/users.contract.ts';
import { AuthField, FormAlert, primaryButton, textLink } from '../components/auth-form.tsx';
import { Breadcrumb } from '../components/breadcrumb.tsx';
import { SocialButtons } from '../components/social-buttons.tsx';
import { catalogs } from '../i18n/catalog.ts';
import { apiErrors, type FormErrors, formText, schemaErrors } from '../lib/auth-errors.ts';
import { requestApi } from '../lib/request-language.ts';
import { type PageSeo, routeAlternates, seoMeta } from '../lib/seo.ts';
import type { Route } from './+types/login';

export async function loader(args: Route.LoaderArgs) {
  const { language, api } = requestApi(args);
  const url = new URL(args.request.url);
  const seo: PageSeo = {
    title: catalogs[language].auth.login.title,
    description: catalogs[language].auth.login.intro,
    alternates: routeAlternates('login'),
    noindex: true,
  };
  // Where to go after logging in: a path on this site only.
  const redirectTo = safeRedirectTarget(url.searchParams.get('redirectTo'), '');
  const notice = url.searchParams.get('notice') === 'passwordReset' ? ('passwordReset' as const) : null;
  const social = await api.call(socialProviders, {});
  const providers = social.errored ? [] : social.data.providers;
  return { language, seo, redirectTo, notice, providers };
}

export async function action(args: Route.ActionArgs) {
  const { language, api } = requestApi(args);
  const form = await args.request.formData();
  const username = formText(form, 'username');
  const input = { username, password: formText(form, 'password') };
  const parsed = loginBody.safeParse(input);
  if (!parsed.success) return data({ errors: schemaErrors(parsed.error), username }, { status: 400 });
  const result = await api.call(login, { body: parsed.data });
  if (result.errored) {
    const errors: FormErrors = apiErrors(result.error);
    return data({ errors, username }, { status: result.error.statusCode || 500 });
  }
  return redirect(safeRedirectTarget(formText(form, 'redirectTo'), localizedPath('home', language)), 303);
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => seoMeta(matches, loaderData?.seo);

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { language, redirectTo, notice, providers } = loaderData;
  const errors = actionData?.errors ?? null;
  return (
    <main id="main" className="mx-auto w-full max-w-md px-4 py-10">
      <Breadcrumb
        items={[
          { label: t('auth.home'), href: localizedPath('home', language) },
          { label: t('auth.login.title') },
        ]}
      />
      <h1 className="mt-4 text-3xl font-bold text-slate-900">{t('auth.login.title')}</h1>
      <p className="mt-2 text-slate-700">{t('auth.login.intro')}</p>
      {notice && (
        <p
          role="status"
          className="mt-4 rounded border border-emerald-300 bg-emerald-50 px-3 py-2 text-sm text-emerald-900"
        >
          {t(`auth.notices.${notice}`)}
        </p>
      )}
      <form method="post" noValidate className="mt-6 flex flex-col gap-4">
        <FormAlert errors={errors} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <AuthField
          name="username"
          type="email"
          label={t('auth.email')}
          autoComplete="username"
          errors={errors}
          defaultValue={actionData?.username}
        />
        <AuthField
          name="password"
          type="password"
          label={t('auth.password')}
          autoComplete="current-password"
          errors={errors}
        />
        <button type="submit" className={primaryButton}>
          {t('auth.login.submit')}
        </button>
      </form>
      <SocialButtons providers={providers} language={language} redirectTo={redirectTo} />
      <p className="mt-4 text-sm">
        <a className={textLink} href={localizedPath('forgotPassword', language)}>
          {t('auth.login.forgot')}
        </a>
      </p>
      <p className="mt-2 text-sm text-slate-700">
        {t('auth.login.noAccount')}{' '}
        <a className={textLink} href={localizedPath('register', language)}>
          {t('auth.login.register')}
        </a>
      </p>
    </main>
  );
}
