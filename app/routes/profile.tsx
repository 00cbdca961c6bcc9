import { useTranslation } from 'react-i18next';
import { data, redirect } from 'react-router';
import { ADDRESS_MAXIMA, DEFAULT_COUNTRY_ISO } from '../../core/address-rules.ts';
import type { UiLanguage } from '../../core/languages.ts';
import { localizedPath } from '../../core/route-table.ts';
import { getOrderHistory } from '../../server/modules/checkout/checkout.contract.ts';
import { webConsentLogCreate, webConsentMine } from '../../server/modules/consent/consent.contract.ts';
import { commons } from '../../server/modules/site/site.contract.ts';
import {
  type Account,
  type Address,
  addressInput,
  createAddress,
  PROFILE_MESSAGES,
  profile,
  updateAddress,
  updateUser,
  updateUserBody,
} from '../../server/modules/users/profile.contract.ts';
import { Breadcrumb } from '../components/breadcrumb.tsx';
import { OrderHistoryList } from '../components/checkout/order-history.tsx';
import { ProfileConsents, WITHDRAW_INTENT } from '../components/profile-consents.tsx';
import { AddressField, type AddressFieldName, CompanyFields } from '../components/ui/address-field.tsx';
import { catalogs } from '../i18n/catalog.ts';
import { loginRedirect, privatePageHeaders } from '../lib/account.ts';
import { requestApi, requestPath } from '../lib/request-language.ts';
import { type PageSeo, routeAlternates, seoMeta } from '../lib/seo.ts';
import type { Route } from './+types/profile';

/** The fields of the address form, in the order they are shown. */
const addressFields = [
  'firstName',
  'lastName',
  'contactEmail',
  'contactPhone',
  'country',
  'city',
  'street',
  'houseNumber',
  'zipCode',
  'companyName',
  'companyOib',
] as const;
type FormField = (typeof addressFields)[number] | 'memberCardBarcode' | 'isCompany';
type FormValues = Record<FormField, string>;
type ErrorKey = keyof (typeof catalogs)['hr']['profile']['errors'];
type FieldErrors = Partial<Record<FormField, ErrorKey>>;

/** The API's field messages as catalog keys (`profile.errors.*`). */
const errorKeyByMessage = new Map<string, ErrorKey>([
  [PROFILE_MESSAGES.required, 'required'],
  [PROFILE_MESSAGES.lettersOnly, 'lettersOnly'],
  [PROFILE_MESSAGES.phone, 'phone'],
  [PROFILE_MESSAGES.country, 'country'],
  [PROFILE_MESSAGES.oib, 'oib'],
  [PROFILE_MESSAGES.barcode, 'barcode'],
  [PROFILE_MESSAGES.tooLong, 'tooLong'],
  ['Enter a valid e-mail address.', 'email'],
  ['A user may only have one main address.', 'oneMain'],
]);
const errorKeyOf = (message: string): ErrorKey =>
  errorKeyByMessage.get(message.replace(/^[\w.]+: /, '')) ?? 'invalid';

const isFormField = (name: string): name is FormField =>
  (addressFields as readonly string[]).includes(name) || name === 'memberCardBarcode' || name === 'isCompany';

function valuesOf(account: Account): FormValues {
  const main = account.addresses.find((address) => address.type === 'main');
  return {
    firstName: main?.firstName ?? account.firstName,
    lastName: main?.lastName ?? account.lastName,
    contactEmail: main?.contactEmail ?? account.email,
    contactPhone: main?.contactPhone ?? '',
    country: main?.country ?? DEFAULT_COUNTRY_ISO,
    city: main?.city ?? '',
    street: main?.street ?? '',
    houseNumber: main?.houseNumber ?? '',
    zipCode: main?.zipCode ?? '',
    isCompany: main?.isCompany ? 'on' : '',
    companyName: main?.companyName ?? '',
    companyOib: main?.companyOib ?? '',
    memberCardBarcode: account.memberCardBarcode ?? '',
  };
}

export async function loader(args: Route.LoaderArgs) {
  const { language, api } = requestApi(args);
  const path = requestPath(args.request);
  const account = await api.call(profile, {});
  if (account.errored) {
    if (account.error.statusCode === 401) throw loginRedirect(language, path);
    throw new Response(account.error.message, { status: account.error.statusCode || 500 });
  }
  const [orders, countryList, ledger] = await Promise.all([
    api.call(getOrderHistory, { query: {} }),
    api.call(commons, { query: { type: 'countries' } }),
    api.call(webConsentMine, {}),
  ]);
  const query = new URL(args.request.url).searchParams;
  const consentParam = query.get('consent');
  const seo: PageSeo = {
    title: catalogs[language].profile.title,
    description: catalogs[language].profile.description,
    alternates: routeAlternates('profile'),
    noindex: true,
  };
  return {
    language,
    account: account.data,
    orders: orders.errored ? [] : orders.data.orders,
    countries: countryList.errored ? [] : (countryList.data as { iso: string; name: string }[]),
    consents: ledger.errored ? null : ledger.data,
    consentOutcome: (['withdrawn', 'failed'] as const).find((outcome) => outcome === consentParam) ?? null,
    editing: query.get('edit') === '1',
    /** The order whose details popup is open without JavaScript (`?order=`). */
    openOrderId: Number(query.get('order')) || null,
    seo,
  };
}

export const headers: Route.HeadersFunction = privatePageHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => seoMeta(matches, loaderData?.seo);

/**
 * Save: the main address and the shipping address get the form's data (one call each, created the
 * first time), then the member card. Every field is checked first with the contracts' own schemas,
 * so that all field errors show at once; anything the server still refuses is shown on its field.
 */
export async function action(args: Route.ActionArgs) {
  const { language, api } = requestApi(args);
  const path = requestPath(args.request);
  const form = await args.request.formData();
  if (form.get('intent') === WITHDRAW_INTENT) {
    // One button, one record: the log gets a withdrawal for this consent, made from the profile.
    const consentId = Number(form.get('consentId'));
    const result = await api.call(webConsentLogCreate, {
      body: { status: 'withdrawn', source: 'profile', consents: [consentId] },
    });
    if (result.errored && result.error.statusCode === 401) throw loginRedirect(language, path);
    const outcome = result.errored ? 'failed' : 'withdrawn';
    return redirect(`${localizedPath('profile', language)}?consent=${outcome}#my-consents`, 303);
  }
  const text = (name: FormField) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
  const values = Object.fromEntries(
    [...addressFields, 'memberCardBarcode', 'isCompany'].map((name) => [name, text(name as FormField)]),
  ) as FormValues;
  const body = {
    ...Object.fromEntries(addressFields.map((name) => [name, values[name]])),
    isCompany: values.isCompany === 'on',
    type: 'main' as const,
  };
  const errors: FieldErrors = {};
  const checked = addressInput.safeParse(body);
  if (!checked.success)
    for (const issue of checked.error.issues) {
      const name = String(issue.path[0] ?? '');
      if (isFormField(name) && !errors[name]) errors[name] = errorKeyOf(issue.message);
    }
  const barcode = updateUserBody.safeParse({ memberCardBarcode: values.memberCardBarcode });
  if (!barcode.success) errors.memberCardBarcode = 'barcode';
  const refuse = () => data({ errors, values }, { status: 400, headers: privatePageHeaders() });
  if (!checked.success || Object.keys(errors).length > 0) return refuse();

  const account = await api.call(profile, {});
  if (account.errored) {
    if (account.error.statusCode === 401) throw loginRedirect(language, path);
    throw new Response(account.error.message, { status: account.error.statusCode || 500 });
  }
  for (const type of ['main', 'shipping'] as const) {
    const existing = account.data.addresses.find((address) => address.type === type);
    const input = { body: { ...checked.data, type } };
    const result = existing
      ? await api.call(updateAddress, { ...input, params: { id: existing.id } })
      : await api.call(createAddress, input);
    if (result.errored) {
      const field = result.error.field ?? '';
      if (!isFormField(field))
        throw new Response(result.error.message, { status: result.error.statusCode || 500 });
      errors[field] = errorKeyOf(result.error.message);
      return refuse();
    }
  }
  const user = await api.call(updateUser, { body: { memberCardBarcode: values.memberCardBarcode } });
  if (user.errored) {
    errors.memberCardBarcode = 'barcode';
    return refuse();
  }
  // "Saved" is a toast (root.tsx): it fades, and without JavaScript it shows as a notice.
  return redirect(`${localizedPath('profile', language)}?notice=profileSaved#account-dashboard`, 303);
}

const buttonClass =
  'inline-flex items-center justify-center rounded-full px-5 py-2.5 font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-teal-700 focus-visible:ring-offset-2';
const primaryButton = `${buttonClass} bg-teal-700 text-white hover:bg-teal-800`;
const secondaryButton = `${buttonClass} border border-slate-400 text-slate-800 hover:bg-slate-100`;

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { language, account, orders, countries } = loaderData;
  const editing = loaderData.editing || actionData !== undefined;
  const profilePath = localizedPath('profile', language);
  const name = [account.firstName, account.lastName].filter(Boolean).join(' ') || account.email;
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-8">
      <Breadcrumb
        items={[
          { label: t('profile.home'), href: localizedPath('home', language) },
          { label: t('profile.title') },
        ]}
      />
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900">{t('profile.title')}</h1>
      <p className="mt-1 text-slate-700">{t('profile.greeting', { name })}</p>
      <div className="mt-8 grid gap-8 md:grid-cols-[14rem_1fr]">
        <SideMenu language={language} />
        <div className="flex flex-col gap-6">
          <AccountSection id="account-dashboard" title={t('profile.menu.profile')}>
            {editing ? (
              <AddressForm
                action={profilePath}
                closeHref={`${profilePath}#account-dashboard`}
                values={actionData?.values ?? valuesOf(account)}
                errors={actionData?.errors ?? {}}
                countries={countries}
              />
            ) : (
              <AddressView
                account={account}
                countries={countries}
                editHref={`${profilePath}?edit=1#account-dashboard`}
              />
            )}
          </AccountSection>
          <AccountSection id="my-orders" title={t('profile.orders.title')}>
            {orders.length === 0 ? (
              <div data-testid="orders-empty">
                <p className="text-slate-700">{t('profile.orders.empty')}</p>
                <a href={localizedPath('shop', language)} className={`${primaryButton} mt-4`}>
                  {t('profile.orders.toShop')}
                </a>
              </div>
            ) : (
              <OrderHistoryList
                orders={orders}
                language={language}
                profilePath={profilePath}
                openOrderId={loaderData.openOrderId}
              />
            )}
          </AccountSection>
          <AccountSection id="my-consents" title={t('consent.profile.title')}>
            {loaderData.consents ? (
              <ProfileConsents
                language={language}
                given={loaderData.consents.given}
                log={loaderData.consents.log}
                outcome={loaderData.consentOutcome}
                action={profilePath}
              />
            ) : (
              <p role="alert" className="text-red-800">
                {t('consent.errors.consentsNotFetched')}
              </p>
            )}
          </AccountSection>
        </div>
      </div>
    </main>
  );
}

/** My profile, order history and logout; a list of links (the logout is a POST form, no JavaScript needed). */
function SideMenu({ language }: { language: UiLanguage }) {
  const { t } = useTranslation();
  const linkClass =
    'block rounded-md px-3 py-2 text-slate-800 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-teal-700';
  return (
    <nav aria-label={t('profile.menuLabel')} className="md:sticky md:top-4 md:self-start">
      <ul className="flex flex-wrap gap-1 rounded-lg border border-slate-200 p-2 md:flex-col">
        <li>
          <a href="#account-dashboard" className={linkClass}>
            {t('profile.menu.profile')}
          </a>
        </li>
        <li>
          <a href="#my-orders" className={linkClass}>
            {t('profile.menu.orders')}
          </a>
        </li>
        <li>
          <a href="#my-consents" className={linkClass}>
            {t('consent.profile.menu')}
          </a>
        </li>
        <li>
          <form method="post" action="/logout">
            <input type="hidden" name="language" value={language} />
            <button type="submit" className={`${linkClass} w-full text-left`}>
              {t('profile.menu.logout')}
            </button>
          </form>
        </li>
      </ul>
    </nav>
  );
}

/**
 * A section of the account page: collapsible on small screens (native <details>, open by default);
 * on wider screens the summary is hidden and the section simply stays open.
 */
function AccountSection({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="scroll-mt-4 rounded-lg border border-slate-200"
    >
      <details open className="group">
        <summary className="cursor-pointer list-none px-5 py-4 md:cursor-default md:pointer-events-none">
          <h2 id={`${id}-title`} className="text-xl font-semibold text-slate-900">
            {title}
          </h2>
        </summary>
        <div className="px-5 pb-5">{children}</div>
      </details>
    </section>
  );
}

function countryName(countries: { iso: string; name: string }[], iso: string) {
  return countries.find((country) => country.iso === iso)?.name ?? iso;
}

function AddressView({
  account,
  countries,
  editHref,
}: {
  account: Account;
  countries: { iso: string; name: string }[];
  editHref: string;
}) {
  const { t } = useTranslation();
  const main = account.addresses.find((address) => address.type === 'main');
  const shipping = account.addresses.find((address) => address.type === 'shipping');
  return (
    <div>
      <div className="grid gap-6 sm:grid-cols-2">
        <AddressCard
          title={t('profile.mainAddress')}
          address={main}
          countries={countries}
          testId="main-address"
        />
        <AddressCard
          title={t('profile.shippingAddress')}
          address={shipping}
          countries={countries}
          testId="shipping-address"
        />
      </div>
      {account.memberCardBarcode ? (
        <p className="mt-4 text-slate-700">{t('profile.memberCard', { code: account.memberCardBarcode })}</p>
      ) : null}
      <a href={editHref} className={`${primaryButton} mt-6`} data-testid="profile-edit">
        {t('profile.edit')}
      </a>
    </div>
  );
}

function AddressCard({
  title,
  address,
  countries,
  testId,
}: {
  title: string;
  address: Address | undefined;
  countries: { iso: string; name: string }[];
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <div data-testid={testId}>
      <h3 className="font-semibold text-slate-900">{title}</h3>
      {address ? (
        <address className="mt-2 not-italic leading-relaxed text-slate-700">
          {address.firstName} {address.lastName}
          <br />
          {address.street} {address.houseNumber}
          <br />
          {address.zipCode} {address.city}
          <br />
          {countryName(countries, address.country)}
          <br />
          {address.contactEmail}
          <br />
          {address.contactPhone}
          {address.isCompany ? (
            <>
              <br />
              {t('profile.company', { name: address.companyName, oib: address.companyOib })}
            </>
          ) : null}
        </address>
      ) : (
        <p className="mt-2 text-slate-600">{t('profile.noAddress')}</p>
      )}
    </div>
  );
}

const maxLengths: Partial<Record<FormField, number>> = {
  ...ADDRESS_MAXIMA,
  companyOib: 11,
  memberCardBarcode: 13,
};
const optionalFields = new Set<FormField>(['companyName', 'companyOib', 'memberCardBarcode']);

function AddressForm({
  action,
  closeHref,
  values,
  errors,
  countries,
}: {
  action: string;
  closeHref: string;
  values: FormValues;
  errors: FieldErrors;
  countries: { iso: string; name: string }[];
}) {
  const { t } = useTranslation();
  const hasErrors = Object.keys(errors).length > 0;
  const field = (name: FormField) => {
    const error = errors[name];
    const id = `profile-${name}`;
    return (
      <AddressField
        key={name}
        field={name as AddressFieldName}
        id={id}
        name={name}
        label={t(`profile.fields.${name}`)}
        defaultValue={name === 'country' ? values.country || DEFAULT_COUNTRY_ISO : values[name]}
        error={error ? t(`profile.errors.${error}`) : undefined}
        errorTestId={`error-${name}`}
        countries={countries}
        maxLength={maxLengths[name]}
        required={name === 'country' || !optionalFields.has(name)}
      />
    );
  };
  return (
    <form method="post" action={action} noValidate>
      <h3 className="text-lg font-semibold text-slate-900">{t('profile.editTitle')}</h3>
      {hasErrors ? (
        <p role="alert" className="mt-2 text-red-700">
          {t('profile.saveFailed')}
        </p>
      ) : null}
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        {addressFields.filter((name) => name !== 'companyName' && name !== 'companyOib').map(field)}
      </div>
      <CompanyFields
        idPrefix="profile"
        checkboxLabel={t('profile.fields.isCompany')}
        label={(name) => t(`profile.fields.${name}`)}
        isCompany={values.isCompany === 'on'}
        values={values}
        error={(name) => (errors[name] ? t(`profile.errors.${errors[name]}`) : undefined)}
        errorTestId={(name) => `error-${name}`}
        oibMaxLength={maxLengths.companyOib!}
        companyNameMaxLength={maxLengths.companyName!}
        fieldsClassName="mt-4 grid gap-4 sm:grid-cols-2"
      />
      <div className="mt-6 max-w-sm">{field('memberCardBarcode')}</div>
      <div className="mt-6 flex flex-wrap gap-3">
        <button type="submit" className={primaryButton} data-testid="profile-save">
          {t('profile.save')}
        </button>
        <a href={closeHref} className={secondaryButton}>
          {t('profile.close')}
        </a>
      </div>
    </form>
  );
}
