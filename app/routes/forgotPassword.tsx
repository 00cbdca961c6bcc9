import { useTranslation } from 'react-i18next';
import { data, redirect } from 'react-router';
import { localizedPath } from '../../core/route-table.ts';
import { forgotPassword, resetPassword } from '../../server/modules/users/users.contract.ts';
import { AuthField, FormAlert, primaryButton, textLink } from '../components/auth-form.tsx';
import { Breadcrumb } from '../components/breadcrumb.tsx';
import { catalogs } from '../i18n/catalog.ts';
import { apiErrors, type FormErrors, formText, schemaErrors } from '../lib/auth-errors.ts';
import { requestApi } from '../lib/request-language.ts';
import { type PageSeo, routeAlternates, seoMeta } from '../lib/seo.ts';
import type { Route } from './+types/forgotPassword';

const TOKEN = /^[A-Za-z0-9_-]{10,200}$/;

export async function loader(args: Route.LoaderArgs) {
  const { language } = requestApi(args);
  const token = new URL(args.request.url).searchParams.get('token') ?? '';
  const seo: PageSeo = {
    title: catalogs[language].auth.forgot.title,
    description: catalogs[language].auth.forgot.intro,
    alternates: routeAlternates('forgotPassword'),
    noindex: true,
  };
  return { language, seo, token: TOKEN.test(token) ? token : null };
}

export async function action(args: Route.ActionArgs) {
  const { language, api } = requestApi(args);
  const form = await args.request.formData();
  const token = formText(form, 'token');
  if (token) {
    const body = {
      token,
      newPassword: formText(form, 'newPassword'),
      newPasswordAgain: formText(form, 'newPasswordAgain'),
    };
    const parsed = resetPassword.body.safeParse(body);
    if (!parsed.success)
      return data({ errors: schemaErrors(parsed.error), sent: false, username: '' }, { status: 400 });
    const result = await api.call(resetPassword, { body: parsed.data });
    if (result.errored) {
      const errors: FormErrors = apiErrors(result.error);
      return data({ errors, sent: false, username: '' }, { status: result.error.statusCode || 500 });
    }
    return redirect(`${localizedPath('login', language)}?notice=passwordReset`, 303);
  }
  const username = formText(form, 'username');
  const parsed = forgotPassword.body.safeParse({ username });
  if (!parsed.success)
    return data({ errors: schemaErrors(parsed.error), sent: false, username }, { status: 400 });
  const result = await api.call(forgotPassword, { body: parsed.data });
  if (result.errored) {
    const errors: FormErrors = apiErrors(result.error);
    return data({ errors, sent: false, username }, { status: result.error.statusCode || 500 });
  }
  return { errors: null, sent: true, username };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => seoMeta(matches, loaderData?.seo);

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { language, token } = loaderData;
  const errors = actionData?.errors ?? null;
  const title = token ? t('auth.forgot.resetTitle') : t('auth.forgot.title');
  return (
    <main id="main" className="mx-auto w-full max-w-md px-4 py-10">
      <Breadcrumb
        items={[{ label: t('auth.home'), href: localizedPath('home', language) }, { label: title }]}
      />
      <h1 className="mt-4 text-3xl font-bold text-slate-900">{title}</h1>
      {token ? (
        <>
          <p className="mt-2 text-slate-700">{t('auth.forgot.resetIntro')}</p>
          <form method="post" noValidate className="mt-6 flex flex-col gap-4">
            <FormAlert errors={errors} />
            <input type="hidden" name="token" value={token} />
            <AuthField
              name="newPassword"
              type="password"
              label={t('auth.forgot.newPassword')}
              autoComplete="new-password"
              hint={t('auth.register.passwordHint')}
              errors={errors}
            />
            <AuthField
              name="newPasswordAgain"
              type="password"
              label={t('auth.forgot.newPasswordAgain')}
              autoComplete="new-password"
              errors={errors}
            />
            <button type="submit" className={primaryButton}>
              {t('auth.forgot.resetSubmit')}
            </button>
          </form>
        </>
      ) : actionData?.sent ? (
        <p
          role="status"
          className="mt-6 rounded border border-emerald-300 bg-emerald-50 px-3 py-2 text-emerald-900"
        >
          {t('auth.forgot.sent')}
        </p>
      ) : (
        <>
          <p className="mt-2 text-slate-700">{t('auth.forgot.intro')}</p>
          <form method="post" noValidate className="mt-6 flex flex-col gap-4">
            <FormAlert errors={errors} />
            <AuthField
              name="username"
              type="email"
              label={t('auth.email')}
              autoComplete="email"
              errors={errors}
              defaultValue={actionData?.username}
            />
            <button type="submit" className={primaryButton}>
              {t('auth.forgot.submit')}
            </button>
          </form>
        </>
      )}
      <p className="mt-4 text-sm">
        <a className={textLink} href={localizedPath('login', language)}>
          {t('auth.forgot.back')}
        </a>
      </p>
    </main>
  );
}
