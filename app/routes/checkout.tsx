import { useTranslation } from 'react-i18next';
import { data, redirect } from 'react-router';
import { DEFAULT_COUNTRY_ISO } from '../../core/address-rules.ts';
import {
  type CheckoutAddress,
  type CheckoutForm,
  type CheckoutFormErrors,
  readCheckoutForm,
  validateCheckoutForm,
} from '../../core/checkout-address.ts';
import {
  allowedStep,
  type CheckoutStep,
  nextStep,
  previousStep,
  type StepContext,
} from '../../core/checkout-steps.ts';
import type { UiLanguage } from '../../core/languages.ts';
import { localizedPath } from '../../core/route-table.ts';
import { type Cart, getCart } from '../../server/modules/cart/cart.contract.ts';
import { webConsentFilter, webConsentLogCreate } from '../../server/modules/consent/consent.contract.ts';
import { checkoutSettings, commons } from '../../server/modules/site/site.contract.ts';
import {
  type Account,
  type Address,
  createAddress,
  profile,
  updateAddress,
} from '../../server/modules/users/profile.contract.ts';
import { Breadcrumb } from '../components/breadcrumb.tsx';
import { AddressStep, type CheckoutConsent, type Country } from '../components/checkout/address-step.tsx';
import { CheckoutProgress, CheckoutSummary } from '../components/checkout/checkout-aside.tsx';
import { catalogs } from '../i18n/catalog.ts';
import { loginRedirect, privatePageHeaders } from '../lib/account.ts';
import type { ApiClient } from '../lib/api-client.ts';
import { type CartSession, readCartSession } from '../lib/cart-session.ts';
import { requestApi, requestPath } from '../lib/request-language.ts';
import { type PageSeo, routeAlternates, seoMeta } from '../lib/seo.ts';
import type { Route } from './+types/checkout';

const emptyAddress = (country = DEFAULT_COUNTRY_ISO): CheckoutAddress => ({
  firstName: '',
  lastName: '',
  contactEmail: '',
  contactPhone: '',
  country,
  city: '',
  street: '',
  houseNumber: '',
  zipCode: '',
});

const fromAddress = (address: Address): CheckoutAddress => ({
  firstName: address.firstName,
  lastName: address.lastName,
  contactEmail: address.contactEmail,
  contactPhone: address.contactPhone,
  country: address.country,
  city: address.city,
  street: address.street,
  houseNumber: address.houseNumber,
  zipCode: address.zipCode,
});

/** Step 1 filled from the account: delivery from the shipping address (else the main one), billing from the main one. */
function formOfAccount(account: Account | null): CheckoutForm {
  const main = account?.addresses.find((address) => address.type === 'main');
  const shipping = account?.addresses.find((address) => address.type === 'shipping');
  const delivery = shipping ?? main;
  const deliveryValues = delivery
    ? fromAddress(delivery)
    : {
        ...emptyAddress(),
        firstName: account?.firstName ?? '',
        lastName: account?.lastName ?? '',
        contactEmail: account?.email ?? '',
      };
  const billingValues = main ? fromAddress(main) : deliveryValues;
  const separate =
    main !== undefined &&
    delivery !== undefined &&
    JSON.stringify(fromAddress(main)) !== JSON.stringify(fromAddress(delivery));
  return {
    delivery: deliveryValues,
    separateBilling: separate,
    billing: billingValues,
    isCompany: main?.isCompany ?? false,
    companyName: main?.companyName ?? '',
    companyOib: main?.companyOib ?? '',
    acceptedConsents: [],
  };
}

/** What every request of the checkout needs: the cart, the settings, the account (null for a guest). */
async function checkoutState(api: ApiClient, session: CartSession | null) {
  const [settings, account] = await Promise.all([api.call(checkoutSettings), api.call(profile, {})]);
  if (settings.errored)
    throw new Response(settings.error.message, { status: settings.error.statusCode || 500 });
  let cart: Cart | null = null;
  if (session) {
    const result = await api.call(getCart, { body: session });
    if (!result.errored && result.data.status === 'active') cart = result.data;
  }
  return { settings: settings.data, account: account.errored ? null : account.data, cart };
}

type Settings = Awaited<ReturnType<typeof checkoutState>>['settings'];

async function checkoutConsents(api: ApiClient): Promise<CheckoutConsent[] | null> {
  const result = await api.call(webConsentFilter, {
    body: { assignedTo: 'checkoutForm', forWeb: true, limit: 100 },
  });
  if (result.errored) return null;
  return result.data.records
    .filter((record) => record.assignedTo === 'checkoutForm')
    .flatMap((record) => record.consents)
    .map(({ id, displayName, text, required }) => ({ id, displayName, text, required }));
}

const allowedList = (settings: Settings): string[] | null =>
  settings.allowedCountries === 'ALL' || settings.allowedCountries.length === 0
    ? null
    : settings.allowedCountries;

function stepContext(cart: Cart, settings: Settings, shippingMethodCount: number): StepContext {
  return { digitalOnly: cart.digitalOnly, skipShipping: settings.skipShippingStep, shippingMethodCount };
}

function addressSaved(account: Account | null): boolean {
  return (
    account?.addresses.some((address) => address.type === 'shipping' || address.type === 'main') ?? false
  );
}

const stepPath = (language: UiLanguage, step: CheckoutStep | 'cart') =>
  step === 'cart' ? localizedPath('cart', language) : `${localizedPath('checkout', language)}?step=${step}`;

export async function loader(args: Route.LoaderArgs) {
  const { language, api } = requestApi(args);
  const path = requestPath(args.request);
  const session = readCartSession(args.request.headers.get('cookie'));
  const { settings, account, cart } = await checkoutState(api, session);
  const seo: PageSeo = {
    title: catalogs[language].checkout.title,
    description: catalogs[language].checkout.description,
    alternates: routeAlternates('checkout'),
    noindex: true,
  };
  // Registered users only unless guest checkout is on (the checkout setting).
  if (!account && settings.guestCheckout === 0)
    throw loginRedirect(language, `${path}${new URL(args.request.url).search}`);
  if (!cart || cart.items.length === 0) return { language, seo, cart: null } as const;

  const [countryList, consents] = await Promise.all([
    api.call(commons, { query: { type: 'countries' } }),
    checkoutConsents(api),
  ]);
  const context = stepContext(cart, settings, 0);
  const asked = new URL(args.request.url).searchParams.get('step');
  const step = allowedStep(asked, context, {
    address: addressSaved(account),
    shipping: cart.deliveryMethodId !== null,
  });
  return {
    language,
    seo,
    cart,
    step,
    audience: account ? ('user' as const) : ('guest' as const),
    backHref: stepPath(language, previousStep(step, context)),
    form: formOfAccount(account),
    countries: countryList.errored ? [] : (countryList.data as Country[]),
    allowedCountries: allowedList(settings),
    consents: consents ?? [],
    consentsFailed: consents === null,
  };
}

export const headers: Route.HeadersFunction = privatePageHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => seoMeta(matches, loaderData?.seo);

type ActionFailure = { errors: CheckoutFormErrors; values: CheckoutForm; message?: string };

/** The address saved to the account: updated by id when one of that type exists, else created. */
async function saveAddress(
  api: ApiClient,
  account: Account,
  type: 'main' | 'shipping',
  address: CheckoutAddress,
  company: { isCompany: boolean; companyName: string; companyOib: string },
) {
  const existing = account.addresses.find((entry) => entry.type === type);
  const body = { ...address, type, ...company };
  return existing
    ? api.call(updateAddress, { params: { id: existing.id }, body })
    : api.call(createAddress, { body });
}

/**
 * The steps' forms, with or without JavaScript: each intent checks its fields, calls the same
 * contracts the islands call, and answers 303 to the next step (PRG), or 400 with every field's error.
 */
export async function action(args: Route.ActionArgs) {
  const { language, api } = requestApi(args);
  const path = requestPath(args.request);
  const session = readCartSession(args.request.headers.get('cookie'));
  const form = await args.request.formData();
  const intent = String(form.get('intent') ?? '');
  const { settings, account, cart } = await checkoutState(api, session);
  if (!account && settings.guestCheckout === 0) throw loginRedirect(language, path);
  if (!cart || cart.items.length === 0 || !session) throw redirect(localizedPath('cart', language), 303);
  const context = stepContext(cart, settings, 0);

  if (intent === 'address') {
    const values = readCheckoutForm(form);
    const consents = await checkoutConsents(api);
    if (consents === null)
      return data<ActionFailure>(
        { errors: {}, values, message: 'consentsNotFetched' },
        { status: 503, headers: privatePageHeaders() },
      );
    const errors = validateCheckoutForm(values, {
      allowedCountries: settings.allowedCountries,
      requiredConsents: consents.filter((consent) => consent.required).map((consent) => consent.id),
    });
    if (Object.keys(errors).length > 0)
      return data<ActionFailure>({ errors, values }, { status: 400, headers: privatePageHeaders() });
    const company = {
      isCompany: values.isCompany,
      companyName: values.isCompany ? values.companyName.trim() : '',
      companyOib: values.isCompany ? values.companyOib.trim() : '',
    };
    if (account) {
      const billing = values.separateBilling ? values.billing : values.delivery;
      const saved = await Promise.all([
        saveAddress(api, account, 'shipping', values.delivery, company),
        saveAddress(api, account, 'main', billing, company),
      ]);
      const failed = saved.find((result) => result.errored);
      if (failed?.errored) {
        const field = failed.error.field;
        return data<ActionFailure>(
          { errors: field ? { [`delivery.${field}`]: 'required' } : {}, values, message: 'generic' },
          { status: failed.error.statusCode >= 500 ? 502 : 400, headers: privatePageHeaders() },
        );
      }
    }
    const accepted = values.acceptedConsents.filter((id) => consents.some((consent) => consent.id === id));
    if (accepted.length > 0) {
      const logged = await api.call(webConsentLogCreate, {
        body: {
          status: 'accepted',
          sourceType: 'cmsSite',
          source: 'checkoutForm',
          consents: accepted,
          user: account
            ? { userType: 'webUser' }
            : { userType: 'guest', email: values.delivery.contactEmail.trim() },
        },
      });
      if (logged.errored)
        return data<ActionFailure>(
          { errors: {}, values, message: 'failedConsentLog' },
          { status: 502, headers: privatePageHeaders() },
        );
    }
    const next = nextStep('address', context);
    return redirect(next === 'confirm' ? stepPath(language, 'payment') : stepPath(language, next), {
      status: 303,
      headers: privatePageHeaders(),
    });
  }
  return data<ActionFailure>(
    { errors: {}, values: formOfAccount(account), message: 'generic' },
    { status: 400, headers: privatePageHeaders() },
  );
}

export default function CheckoutRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { language } = loaderData;
  const failure = actionData as ActionFailure | undefined;
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-8">
      <Breadcrumb
        items={[
          { label: t('checkout.home'), href: localizedPath('home', language) },
          { label: t('checkout.shop'), href: localizedPath('shop', language) },
          { label: t('checkout.title') },
        ]}
      />
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900">{t('checkout.title')}</h1>
      {loaderData.cart === null ? (
        <div className="mt-6" data-testid="checkout-empty">
          <p className="text-slate-700">{t('checkout.empty')}</p>
          <a
            href={localizedPath('cart', language)}
            className="mt-3 inline-block font-medium text-teal-800 underline"
          >
            {t('checkout.backToCart')}
          </a>
        </div>
      ) : (
        <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_22rem]">
          <section aria-labelledby="checkout-step-heading" data-testid={`checkout-step-${loaderData.step}`}>
            <h2 id="checkout-step-heading" className="text-2xl font-semibold text-slate-900">
              {t(`checkout.steps.${loaderData.step}`)}
            </h2>
            {failure?.message ? (
              <p
                role="alert"
                className="mt-3 rounded-md bg-red-50 px-4 py-3 font-medium text-red-900"
                data-testid="checkout-error"
              >
                {t(`checkout.errors.${failure.message as 'generic'}`)}
              </p>
            ) : null}
            {loaderData.consentsFailed ? (
              <p role="alert" className="mt-3 rounded-md bg-red-50 px-4 py-3 font-medium text-red-900">
                {t('checkout.errors.consentsNotFetched')}
              </p>
            ) : null}
            <div className="mt-4">
              {loaderData.step === 'address' ? (
                <AddressStep
                  action={`${localizedPath('checkout', language)}?step=address`}
                  backHref={loaderData.backHref}
                  audience={loaderData.audience}
                  values={failure?.values ?? loaderData.form}
                  errors={failure?.errors ?? {}}
                  countries={loaderData.countries}
                  allowedCountries={loaderData.allowedCountries}
                  consents={loaderData.consents}
                />
              ) : null}
            </div>
          </section>
          <aside className="flex flex-col gap-6 lg:sticky lg:top-4 lg:self-start">
            <CheckoutProgress phase={loaderData.step} />
            <CheckoutSummary cart={loaderData.cart} language={language} />
          </aside>
        </div>
      )}
    </main>
  );
}
