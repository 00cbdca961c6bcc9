import { useTranslation } from 'react-i18next';
import { data, redirect } from 'react-router';
import { DEFAULT_COUNTRY_ISO } from '../../core/address-rules.ts';
import {
  billingAddressOf,
  type CheckoutAddress,
  type CheckoutForm,
  type CheckoutFormErrors,
  readCheckoutForm,
  validateCheckoutForm,
} from '../../core/checkout-address.ts';
import {
  allowedStep,
  automaticPaymentMethod,
  automaticShippingMethod,
  type CheckoutStep,
  companyDataValid,
  needsBranch,
  nextStep,
  previousStep,
  type StepContext,
} from '../../core/checkout-steps.ts';
import { serializeCookie } from '../../core/cookies.ts';
import type { UiLanguage } from '../../core/languages.ts';
import { localizedPath } from '../../core/route-table.ts';
import { GUEST_COOKIE } from '../../core/visitor-cookies.ts';
import {
  type CheckoutCart,
  createOrder,
  getApplicableDeliveryMethods,
  getApplicablePaymentMethods,
  getCheckoutCart,
  type OrderAddress,
  type PaymentMethod,
  type ShippingMethod,
  saveCheckoutAddress,
  saveDeliveryMethod,
  savePaymentMethod,
  validateCheckoutCart,
} from '../../server/modules/checkout/checkout.contract.ts';
import { webConsentFilter } from '../../server/modules/consent/consent.contract.ts';
import { checkoutSettings, commons } from '../../server/modules/site/site.contract.ts';
import {
  type Account,
  createAddress,
  profile,
  updateAddress,
} from '../../server/modules/users/profile.contract.ts';
import { Breadcrumb } from '../components/breadcrumb.tsx';
import { AddressStep, type CheckoutConsent, type Country } from '../components/checkout/address-step.tsx';
import { CheckoutProgress, CheckoutSummary } from '../components/checkout/checkout-aside.tsx';
import {
  type CheckoutErrorKey,
  checkoutErrorKey,
  sendsToCart,
} from '../components/checkout/checkout-errors.ts';
import { ShippingStep } from '../components/checkout/shipping-step.tsx';
import { catalogs } from '../i18n/catalog.ts';
import { Island } from '../islands/island.tsx';
import { loginRedirect, privatePageHeaders } from '../lib/account.ts';
import type { ApiClient } from '../lib/api-client.ts';
import { type CartSession, clearedCartCookies, readCartSession } from '../lib/cart-session.ts';
import { payingCartCookie } from '../lib/checkout-session.ts';
import { requestApi, requestPath } from '../lib/request-language.ts';
import { type PageSeo, routeAlternates, seoMeta } from '../lib/seo.ts';
import type { Route } from './+types/checkout';

/** The guest's e-mail (specification 001, section 4): the guest-user record is found by it. 30 days. */
const GUEST_COOKIE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

const emptyAddress = (): CheckoutAddress => ({
  firstName: '',
  lastName: '',
  contactEmail: '',
  contactPhone: '',
  country: DEFAULT_COUNTRY_ISO,
  city: '',
  street: '',
  houseNumber: '',
  zipCode: '',
});

const formAddress = (address: OrderAddress): CheckoutAddress => ({
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

/**
 * Step 1 pre-filled: the addresses already given for this cart, else the account's (delivery from
 * the shipping address, billing from the main one), else the account's name and e-mail.
 */
function initialForm(cart: CheckoutCart, account: Account | null): CheckoutForm {
  const main = account?.addresses.find((address) => address.type === 'main');
  const shipping = account?.addresses.find((address) => address.type === 'shipping') ?? main;
  const deliverySource = cart.shippingAddress ?? shipping ?? null;
  const billingSource = cart.billingAddress ?? main ?? deliverySource;
  const delivery = deliverySource
    ? formAddress(deliverySource)
    : {
        ...emptyAddress(),
        firstName: account?.firstName ?? '',
        lastName: account?.lastName ?? '',
        contactEmail: account?.email ?? '',
      };
  const billing = billingSource ? formAddress(billingSource) : delivery;
  const company = billingSource ?? deliverySource;
  return {
    delivery,
    separateBilling: JSON.stringify(billing) !== JSON.stringify(delivery),
    billing,
    isCompany: company?.isCompany ?? false,
    companyName: cart.companyData?.companyName ?? company?.companyName ?? '',
    companyOib: cart.companyData?.oib ?? company?.companyOib ?? '',
    acceptedConsents: [],
  };
}

/** What every request of the checkout needs: the settings, the account (null for a guest) and the cart. */
async function checkoutState(api: ApiClient, session: CartSession | null) {
  const [settings, account] = await Promise.all([api.call(checkoutSettings), api.call(profile, {})]);
  if (settings.errored)
    throw new Response(settings.error.message, { status: settings.error.statusCode || 500 });
  let cart: CheckoutCart | null = null;
  if (session) {
    const result = await api.call(getCheckoutCart, { body: session });
    if (!result.errored && result.data.status === 'active' && result.data.items.length > 0)
      cart = result.data;
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

const context = (cart: CheckoutCart, settings: Settings, methods: number): StepContext => ({
  digitalOnly: cart.digitalOnly,
  skipShipping: settings.skipShippingStep,
  shippingMethodCount: methods,
});

const stepPath = (language: UiLanguage, step: CheckoutStep | 'cart' | 'confirm') =>
  step === 'cart'
    ? localizedPath('cart', language)
    : `${localizedPath('checkout', language)}?step=${step === 'confirm' ? 'payment' : step}`;

const sessionOf = (cart: CheckoutCart): CartSession => ({
  cartId: cart.cartId,
  protectCode: cart.protectCode,
});

async function shippingMethods(api: ApiClient, cart: CheckoutCart): Promise<ShippingMethod[]> {
  if (cart.shippingAddress === null) return [];
  const result = await api.call(getApplicableDeliveryMethods, { body: sessionOf(cart) });
  // A failed delivery list clears the list (section 4).
  return result.errored ? [] : result.data;
}

/** What the page shows of the cart, for order/create to compare with the server's copy. */
const expectedOf = (cart: CheckoutCart) =>
  JSON.stringify({
    itemCount: cart.itemCount,
    cartTotal: cart.prices.cartTotal,
    items: cart.items.map((line) => ({
      itemId: line.itemId,
      qty: line.qty,
      finalPrice: line.prices.finalPrice,
    })),
  });

const paymentChoice = (method: PaymentMethod) => ({
  id: method.id,
  name: method.name,
  description: method.description,
  methodCode: method.methodCode,
  paymentType: method.paymentType,
});

export async function loader(args: Route.LoaderArgs) {
  const { language, api } = requestApi(args);
  const url = new URL(args.request.url);
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
    throw loginRedirect(language, `${requestPath(args.request)}${url.search}`);
  if (!cart) return { language, seo, page: null };

  const methods = await shippingMethods(api, cart);
  const stepContext = context(cart, settings, methods.length);
  const step = allowedStep(url.searchParams.get('step'), stepContext, {
    address: cart.shippingAddress !== null,
    shipping: cart.deliveryMethodId !== null,
  });
  const audience = account ? ('user' as const) : ('guest' as const);
  const common = {
    cart,
    audience,
    backHref: stepPath(language, previousStep(step, stepContext)),
    action: `${localizedPath('checkout', language)}?step=${step}`,
  };

  if (step === 'address') {
    const [countryList, consents] = await Promise.all([
      api.call(commons, { query: { type: 'countries' } }),
      checkoutConsents(api),
    ]);
    return {
      language,
      seo,
      page: {
        ...common,
        step,
        form: initialForm(cart, account),
        countries: countryList.errored ? [] : (countryList.data as Country[]),
        allowedCountries: allowedList(settings),
        consents: consents ?? [],
        consentsFailed: consents === null,
      },
    };
  }
  if (step === 'shipping')
    return {
      language,
      seo,
      page: {
        ...common,
        step,
        methods: methods.map(({ id, name, description, price, methodCode, options }) => ({
          id,
          name,
          description,
          price,
          methodCode,
          options,
        })),
      },
    };
  const payments = await api.call(getApplicablePaymentMethods, { body: sessionOf(cart) });
  const paymentMethods = payments.errored ? [] : payments.data.map(paymentChoice);
  const billing = cart.billingAddress ?? cart.shippingAddress;
  const companyValid = companyDataValid({
    isCompany: billing?.isCompany ?? false,
    companyName: cart.companyData?.companyName ?? billing?.companyName ?? '',
    companyOib: cart.companyData?.oib ?? billing?.companyOib ?? '',
  });
  return {
    language,
    seo,
    page: {
      ...common,
      step,
      payment: {
        methods: paymentMethods,
        selectedId: cart.paymentMethodId,
        giftFields: settings.giftWrap !== 0,
        messageField: settings.message !== 0,
        expected: expectedOf(cart),
        automaticId: automaticPaymentMethod(paymentMethods, companyValid)?.id ?? null,
      },
    },
  };
}

export const headers: Route.HeadersFunction = ({ loaderHeaders, actionHeaders }) => {
  const headers = new Headers(privatePageHeaders());
  for (const source of [loaderHeaders, actionHeaders])
    for (const cookie of source?.getSetCookie?.() ?? []) headers.append('Set-Cookie', cookie);
  return headers;
};

export const meta: Route.MetaFunction = ({ loaderData, matches }) => seoMeta(matches, loaderData?.seo);

type ActionAnswer = {
  errors?: CheckoutFormErrors;
  values?: CheckoutForm;
  message?: CheckoutErrorKey;
  hpfHtml?: string;
};

const answer = (body: ActionAnswer, status: number, cookies: string[] = []) => {
  const headers = new Headers(privatePageHeaders());
  for (const cookie of cookies) headers.append('Set-Cookie', cookie);
  return data<ActionAnswer>(body, { status, headers });
};

const go = (path: string, cookies: string[] = []) => {
  const headers = new Headers(privatePageHeaders());
  for (const cookie of cookies) headers.append('Set-Cookie', cookie);
  return redirect(path, { status: 303, headers });
};

const toAddressInput = (
  address: CheckoutAddress,
  type: 'main' | 'shipping',
  company: { isCompany: boolean; companyName: string; companyOib: string },
) => ({ ...address, type, ...company });

/**
 * Logged-in users (specification 001, section 4): step 1's addresses are saved to the account, one
 * main (billing, or the delivery address when billing is not separate) and one shipping (delivery),
 * each updating the account's address of that type by id or created, through the profile's own
 * contracts. The user is "refetched" by the 303 that follows: the next page loads the profile again.
 * The cart already holds its addresses, so an address the profile refuses does not stop the
 * checkout; the types saved are returned (decision 0321).
 */
async function saveAccountAddresses(
  api: ApiClient,
  account: Account,
  addresses: Record<'main' | 'shipping', ReturnType<typeof toAddressInput>>,
): Promise<('main' | 'shipping')[]> {
  const saved: ('main' | 'shipping')[] = [];
  for (const type of ['main', 'shipping'] as const) {
    const existing = account.addresses.find((address) => address.type === type);
    const input = { body: addresses[type] };
    const result = existing
      ? await api.call(updateAddress, { ...input, params: { id: existing.id } })
      : await api.call(createAddress, input);
    if (!result.errored) saved.push(type);
  }
  return saved;
}

/** The skip-shipping setting: the first applicable method (and its first branch) is saved for the shopper. */
async function skipShipping(api: ApiClient, cart: CheckoutCart, settings: Settings): Promise<boolean> {
  if (cart.digitalOnly || !settings.skipShippingStep) return false;
  const methods = await shippingMethods(api, cart);
  const first = automaticShippingMethod({ skipShipping: true }, methods);
  if (!first) return false;
  const saved = await api.call(saveDeliveryMethod, {
    body: { ...sessionOf(cart), deliveryMethodId: first.id, branchId: first.options[0]?.id ?? null },
  });
  return !saved.errored;
}

/**
 * The steps' forms, with or without JavaScript: each intent calls the same contracts the API offers
 * and answers 303 to the next step (PRG), or the step again with every error (4xx).
 */
export async function action(args: Route.ActionArgs) {
  const { language, api } = requestApi(args);
  const session = readCartSession(args.request.headers.get('cookie'));
  const form = await args.request.formData();
  const intent = String(form.get('intent') ?? '');
  const { settings, account, cart } = await checkoutState(api, session);
  if (!account && settings.guestCheckout === 0)
    throw loginRedirect(language, localizedPath('checkout', language));
  if (!cart) throw go(localizedPath('cart', language));
  const secure = new URL(args.request.url).protocol === 'https:';

  if (intent === 'address') {
    const values = readCheckoutForm(form);
    const consents = await checkoutConsents(api);
    if (consents === null) return answer({ values, errors: {}, message: 'consentsNotFetched' }, 503);
    const errors = validateCheckoutForm(values, {
      allowedCountries: settings.allowedCountries,
      requiredConsents: consents.filter((consent) => consent.required).map((consent) => consent.id),
    });
    if (Object.keys(errors).length > 0) return answer({ values, errors, message: 'formInvalid' }, 400);
    const company = {
      isCompany: values.isCompany,
      companyName: values.isCompany ? values.companyName.trim() : '',
      companyOib: values.isCompany ? values.companyOib.trim() : '',
    };
    const saved = await api.call(saveCheckoutAddress, {
      body: {
        ...sessionOf(cart),
        shippingAddress: toAddressInput(values.delivery, 'shipping', company),
        billingAddress: values.separateBilling
          ? toAddressInput(billingAddressOf(values), 'main', company)
          : null,
        consents: values.acceptedConsents.filter((id) => consents.some((consent) => consent.id === id)),
        consentForm: 'checkoutForm',
      },
    });
    if (saved.errored) {
      if (sendsToCart(saved.error)) throw go(localizedPath('cart', language));
      const key = checkoutErrorKey(saved.error);
      const field = saved.error.field;
      const fieldErrors: CheckoutFormErrors =
        key === 'countryNotAllowed'
          ? { 'delivery.country': 'countryNotAllowed' }
          : field && field in values.delivery
            ? { [`delivery.${field}`]: 'required' }
            : {};
      return answer({ values, errors: fieldErrors, message: key }, saved.error.statusCode >= 500 ? 502 : 400);
    }
    if (account)
      await saveAccountAddresses(api, account, {
        main: toAddressInput(billingAddressOf(values), 'main', company),
        shipping: toAddressInput(values.delivery, 'shipping', company),
      });
    const cookies = account
      ? []
      : [
          serializeCookie(GUEST_COOKIE, values.delivery.contactEmail.trim(), {
            maxAgeSeconds: GUEST_COOKIE_MAX_AGE_SECONDS,
            secure,
          }),
        ];
    const skipped = await skipShipping(api, saved.data, settings);
    const next = skipped
      ? 'payment'
      : nextStep('address', context(saved.data, settings, cart.digitalOnly ? 0 : 1));
    return go(stepPath(language, next), cookies);
  }

  if (intent === 'shipping') {
    const methodId = Number(form.get('deliveryMethodId'));
    if (!Number.isInteger(methodId) || methodId < 1)
      return answer({ message: 'shippingMethodUndefined' }, 400);
    const methods = await shippingMethods(api, cart);
    const method = methods.find((entry) => entry.id === methodId);
    if (!method) return answer({ message: 'shippingMethodNotFound' }, 400);
    const branchId = Number(form.get(`branch-${methodId}`));
    const hasBranch = Number.isInteger(branchId) && branchId > 0;
    if (needsBranch(method) && method.options.length > 0 && !hasBranch)
      return answer({ message: 'shippingBranchUndefined' }, 400);
    const saved = await api.call(saveDeliveryMethod, {
      body: { ...sessionOf(cart), deliveryMethodId: methodId, branchId: hasBranch ? branchId : null },
    });
    if (saved.errored) {
      if (sendsToCart(saved.error)) throw go(localizedPath('cart', language));
      return answer({ message: checkoutErrorKey(saved.error) }, 400);
    }
    return go(stepPath(language, nextStep('shipping', context(cart, settings, methods.length))));
  }

  if (intent === 'confirm') {
    const paymentMethodId = Number(form.get('paymentMethodId'));
    if (!Number.isInteger(paymentMethodId) || paymentMethodId < 1)
      return answer({ message: 'paymentMethodUndefined' }, 400);
    const billing = cart.billingAddress ?? cart.shippingAddress;
    const companyData = billing?.isCompany
      ? {
          companyName: cart.companyData?.companyName ?? billing.companyName,
          oib: cart.companyData?.oib ?? billing.companyOib,
        }
      : null;
    const saved = await api.call(savePaymentMethod, {
      body: { ...sessionOf(cart), paymentMethodId, companyData },
    });
    if (saved.errored) {
      if (sendsToCart(saved.error)) throw go(localizedPath('cart', language));
      return answer({ message: checkoutErrorKey(saved.error) }, 400);
    }
    let expected: unknown;
    try {
      expected = JSON.parse(String(form.get('expected') ?? ''));
    } catch {
      expected = undefined;
    }
    const text = (name: string) => {
      const value = form.get(name);
      return typeof value === 'string' && value.trim() !== '' ? value : undefined;
    };
    const order = await api.call(createOrder, {
      body: {
        ...sessionOf(cart),
        giftMessage: settings.giftWrap !== 0 ? text('giftMessage') : undefined,
        to: settings.giftWrap !== 0 ? text('to') : undefined,
        from: settings.giftWrap !== 0 ? text('from') : undefined,
        orderMessage: settings.message !== 0 ? text('orderMessage') : undefined,
        // successURL and failureURL are left to the server: its defaults carry the order's slug.
        expected: expected as never,
      },
    });
    if (order.errored) {
      if (sendsToCart(order.error)) throw go(localizedPath('cart', language));
      const key = checkoutErrorKey(order.error);
      if (order.error.code === 'addressesUndefined') throw go(stepPath(language, 'address'));
      // The cart replaced (section 5): validateCart takes the server's prices and quantities into the
      // cart, so the step shown again is what the next confirmation is compared with (decision 0322).
      if (order.error.code === 'CART_CHANGED' || order.error.code === 'MEMBER_CARD_INVALID')
        await api.call(validateCheckoutCart, { body: sessionOf(cart) });
      return answer({ message: key }, order.error.statusCode === 409 ? 409 : 400);
    }
    const { html } = order.data;
    // Paid online: the cart is kept aside for the failure page (app/lib/checkout-session.ts).
    const paying = [payingCartCookie(sessionOf(cart), secure)];
    if (typeof html === 'string') return answer({ hpfHtml: html }, 200, paying);
    if (html !== null) return go(html.approveUrl, paying);
    // Offline payment: the order is placed and the cart archived; the browser forgets the session.
    return go(order.data.redirectPath, clearedCartCookies());
  }
  return answer({ message: 'generic' }, 400);
}

export default function CheckoutRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { language, page } = loaderData;
  const result = actionData as ActionAnswer | undefined;
  const message = result?.message ?? null;
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
      {result?.hpfHtml ? (
        // The order is placed and waits for the card: the gateway's form is sent (the cart is no longer open).
        <section aria-labelledby="checkout-step-heading" className="mt-6" data-testid="checkout-step-payment">
          <h2 id="checkout-step-heading" className="text-2xl font-semibold text-slate-900">
            {t('checkout.steps.payment')}
          </h2>
          <div className="mt-4">
            <Island
              name="checkoutPayment"
              props={{
                action: localizedPath('checkout', language),
                backHref: localizedPath('cart', language),
                audience: 'guest',
                methods: [],
                selectedId: null,
                giftFields: false,
                messageField: false,
                expected: '',
                automaticId: null,
                hpfHtml: result.hpfHtml,
                error: null,
              }}
            />
          </div>
        </section>
      ) : page === null ? (
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
          <section aria-labelledby="checkout-step-heading" data-testid={`checkout-step-${page.step}`}>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 id="checkout-step-heading" className="text-2xl font-semibold text-slate-900">
                {t(`checkout.steps.${page.step}`)}
              </h2>
              <Island
                name="checkoutHelp"
                props={{
                  audience: page.audience,
                  openOnLoad: page.step === 'address' && !result,
                  loginHref: `${localizedPath('login', language)}?redirectTo=${encodeURIComponent(localizedPath('checkout', language))}`,
                  registerHref: `${localizedPath('register', language)}?redirectTo=${encodeURIComponent(localizedPath('checkout', language))}`,
                }}
              />
            </div>
            {message && message !== 'formInvalid' && page.step !== 'shipping' ? (
              <p
                role="alert"
                className="mt-3 rounded-md bg-red-50 px-4 py-3 font-medium text-red-900"
                data-testid="checkout-error"
              >
                {t(`checkout.errors.${message}`)}
              </p>
            ) : null}
            <div className="mt-4">
              {page.step === 'address' ? (
                <>
                  {page.consentsFailed ? (
                    <p role="alert" className="mb-3 rounded-md bg-red-50 px-4 py-3 font-medium text-red-900">
                      {t('checkout.errors.consentsNotFetched')}
                    </p>
                  ) : null}
                  <AddressStep
                    action={page.action}
                    backHref={page.backHref}
                    audience={page.audience}
                    values={result?.values ?? page.form}
                    errors={result?.errors ?? {}}
                    countries={page.countries}
                    allowedCountries={page.allowedCountries}
                    consents={page.consents}
                  />
                </>
              ) : null}
              {page.step === 'shipping' ? (
                <ShippingStep
                  action={page.action}
                  backHref={page.backHref}
                  audience={page.audience}
                  methods={page.methods}
                  selectedId={page.cart.deliveryMethodId}
                  selectedBranchId={page.cart.options.deliveryBranchId}
                  currency={page.cart.currency.code}
                  language={language}
                  error={message}
                />
              ) : null}
              {page.step === 'payment' ? (
                <Island
                  name="checkoutPayment"
                  props={{
                    action: page.action,
                    backHref: page.backHref,
                    audience: page.audience,
                    ...page.payment,
                    // After a refused order the shopper chooses again: nothing is submitted by itself.
                    automaticId: message ? null : page.payment.automaticId,
                    hpfHtml: null,
                    error: message,
                  }}
                />
              ) : null}
            </div>
          </section>
          <aside className="flex flex-col gap-6 lg:sticky lg:top-4 lg:self-start">
            <CheckoutProgress phase={page.step} />
            <CheckoutSummary cart={page.cart} language={language} />
          </aside>
        </div>
      )}
    </main>
  );
}
