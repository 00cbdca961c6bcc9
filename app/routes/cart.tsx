import { useTranslation } from 'react-i18next';
import { data, redirect, useRouteLoaderData } from 'react-router';
import type { ApiFailure } from '../../core/contract.ts';
import { readCookie } from '../../core/cookies.ts';
import type { UiLanguage } from '../../core/languages.ts';
import { localizedPath } from '../../core/route-table.ts';
import { ACCESS_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE } from '../../core/visitor-cookies.ts';
import {
  addItem,
  applyCoupon,
  applyMemberCard,
  type Cart,
  clearCart,
  deleteItem,
  getCart,
  removeCoupon,
  setLoyaltyPoints,
  updateItem,
} from '../../server/modules/cart/cart.contract.ts';
import { updateUser } from '../../server/modules/users/profile.contract.ts';
import { legacyUser } from '../../server/modules/users/users.contract.ts';
import { Breadcrumb } from '../components/breadcrumb.tsx';
import {
  addItemFields,
  type CartErrorKey,
  cartErrorKey,
  endsSession,
  parseQuantity,
  sendsHome,
} from '../components/cart/cart-rules.ts';
import { EmptyCart } from '../components/cart/cart-view.tsx';
import { catalogs } from '../i18n/catalog.ts';
import { Island } from '../islands/island.tsx';
import { privatePageHeaders } from '../lib/account.ts';
import type { ApiClient } from '../lib/api-client.ts';
import {
  type CartSession,
  cartSessionCookies,
  clearedCartCookies,
  memberBarcodeCookie,
  readCartSession,
} from '../lib/cart-session.ts';
import { requestApi } from '../lib/request-language.ts';
import { type PageSeo, routeAlternates, seoMeta } from '../lib/seo.ts';
import type { loader as rootLoader } from '../root';
import type { Route } from './+types/cart';

/** Messages after a form post (`?message=`), keys of `cart.messages`. */
const messageKeys = [
  'added',
  'updated',
  'removed',
  'cleared',
  'couponApplied',
  'couponRemoved',
  'memberCardApplied',
  'loyaltyApplied',
] as const;
type MessageKey = (typeof messageKeys)[number];

function withCookies(cookies: string[]): Headers {
  const headers = new Headers(privatePageHeaders());
  for (const cookie of cookies) headers.append('Set-Cookie', cookie);
  return headers;
}

/** An archived or ordered cart: the session ends and the shopper goes home with the cart-update-error notice. */
function homeWithNotice(language: UiLanguage): Response {
  const home = localizedPath('home', language);
  return redirect(`${home}${home.includes('?') ? '&' : '?'}notice=cartEnded`, {
    status: 303,
    headers: withCookies(clearedCartCookies()),
  });
}

/**
 * The cart page: rendered for this visitor alone (never cached) from the cart the cookies name. An
 * unknown or foreign session is forgotten (its cookies cleared) and the page shows an empty cart.
 */
export async function loader(args: Route.LoaderArgs) {
  const { language, api } = requestApi(args);
  const session = readCartSession(args.request.headers.get('cookie'));
  const query = new URL(args.request.url).searchParams;
  const messageParam = query.get('message');
  const message = messageKeys.find((key) => key === messageParam) ?? null;
  const seo: PageSeo = {
    title: catalogs[language].cart.title,
    description: catalogs[language].cart.description,
    alternates: routeAlternates('cart'),
    noindex: true,
  };
  let cart: Cart | null = null;
  let cookies: string[] = [];
  if (session) {
    const result = await api.call(getCart, { body: session });
    if (!result.errored) cart = result.data;
    else if (sendsHome(result.error)) throw homeWithNotice(language);
    else if (endsSession(result.error) || result.error.statusCode === 400 || result.error.statusCode === 409)
      cookies = clearedCartCookies();
    else throw new Response(result.error.message, { status: result.error.statusCode || 500 });
  }
  // A logged-in shopper's member card saved on the profile pre-fills the cart's barcode form.
  const cookieHeader = args.request.headers.get('cookie');
  let savedBarcode: string | null = null;
  if (
    cart?.items.length &&
    (readCookie(cookieHeader, ACCESS_TOKEN_COOKIE) || readCookie(cookieHeader, REFRESH_TOKEN_COOKIE))
  ) {
    // The user without the addresses: only the barcode is needed.
    const user = await api.call(legacyUser, {});
    if (!user.errored) savedBarcode = user.data.memberCardBarcode;
  }
  return data({ language, cart, message, seo, savedBarcode }, { headers: withCookies(cookies) });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders, actionHeaders }) => {
  const headers = new Headers(privatePageHeaders());
  for (const source of [loaderHeaders, actionHeaders])
    for (const cookie of source?.getSetCookie?.() ?? []) headers.append('Set-Cookie', cookie);
  return headers;
};

export const meta: Route.MetaFunction = ({ loaderData, matches }) => seoMeta(matches, loaderData?.seo);

type FormError = { field: 'coupon' | 'memberCard' | 'loyalty' | 'cart'; key: CartErrorKey; itemId?: number };

/**
 * The page's forms without JavaScript (and the product page's add-to-cart form): each intent calls
 * the same contract the islands call, then redirects back to the cart with a message (PRG). A refused
 * field comes back as a 400 with its message; nothing changed.
 */
export async function action(args: Route.ActionArgs) {
  const { language, api } = requestApi(args);
  const form = await args.request.formData();
  const intent = String(form.get('intent') ?? '');
  const session = readCartSession(args.request.headers.get('cookie'));
  const refuse = (error: FormError) =>
    data({ formError: error }, { status: 400, headers: privatePageHeaders() });
  const secure = new URL(args.request.url).protocol === 'https:';
  const done = (message: MessageKey, cart?: Cart, memberBarcode?: string) =>
    redirect(`${localizedPath('cart', language)}?message=${message}`, {
      status: 303,
      headers: withCookies([
        ...(cart && (cart.cartId !== session?.cartId || cart.protectCode !== session?.protectCode)
          ? cartSessionCookies(cart, secure)
          : []),
        // The barcode cookie, as the island's form sets it in the browser.
        ...(memberBarcode ? [memberBarcodeCookie(memberBarcode, secure)] : []),
      ]),
    });
  const failed = (error: ApiFailure, field: FormError['field'], itemId?: number) => {
    if (sendsHome(error)) throw homeWithNotice(language);
    if (endsSession(error))
      return data(
        { formError: { field: 'cart', key: 'sessionMissing' } satisfies FormError },
        { status: 400, headers: withCookies(clearedCartCookies()) },
      );
    return refuse({ field, key: cartErrorKey(error), ...(itemId ? { itemId } : {}) });
  };

  if (intent === 'add') {
    const read = addItemFields(form);
    if (!read.ok) return refuse({ field: 'cart', key: read.key });
    const result = await api.call(addItem, { body: { ...(session ?? {}), ...read.fields } });
    if (result.errored) {
      // A stale session (another store, archived): start a new cart with this line.
      if (session && endsSession(result.error) && !sendsHome(result.error)) {
        const fresh = await api.call(addItem, { body: read.fields });
        if (!fresh.errored) return done('added', fresh.data);
        return failed(fresh.error, 'cart');
      }
      return failed(result.error, 'cart');
    }
    return done('added', result.data);
  }

  if (!session) return refuse({ field: 'cart', key: 'sessionMissing' });
  return cartIntent(api, intent, form, session, { done, failed, refuse });
}

async function cartIntent(
  api: ApiClient,
  intent: string,
  form: FormData,
  session: CartSession,
  reply: {
    done: (message: MessageKey, cart?: Cart, memberBarcode?: string) => Response;
    failed: (error: ApiFailure, field: FormError['field'], itemId?: number) => unknown;
    refuse: (error: FormError) => unknown;
  },
) {
  const itemId = Number(form.get('itemId'));
  const validItem = Number.isInteger(itemId) && itemId >= 1 && itemId <= 2_147_483_647;
  switch (intent) {
    case 'update':
    case 'increase':
    case 'decrease': {
      if (!validItem) return reply.refuse({ field: 'cart', key: 'notInCart' });
      const typed = parseQuantity(String(form.get('qty') ?? ''));
      if (typed === null) return reply.refuse({ field: 'cart', key: 'invalidQuantity', itemId });
      const qty = intent === 'increase' ? typed + 1 : intent === 'decrease' ? Math.max(1, typed - 1) : typed;
      const result = await api.call(updateItem, { body: { ...session, itemId, qty } });
      return result.errored ? reply.failed(result.error, 'cart', itemId) : reply.done('updated');
    }
    case 'remove': {
      if (!validItem) return reply.refuse({ field: 'cart', key: 'notInCart' });
      const result = await api.call(deleteItem, { body: { ...session, itemId } });
      return result.errored ? reply.failed(result.error, 'cart', itemId) : reply.done('removed');
    }
    case 'clear': {
      const result = await api.call(clearCart, { body: session });
      return result.errored ? reply.failed(result.error, 'cart') : reply.done('cleared');
    }
    case 'applyCoupon': {
      const couponCode = String(form.get('couponCode') ?? '').trim();
      if (!couponCode) return reply.refuse({ field: 'coupon', key: 'couponRequired' });
      const result = await api.call(applyCoupon, { body: { ...session, couponCode } });
      return result.errored ? reply.failed(result.error, 'coupon') : reply.done('couponApplied');
    }
    case 'removeCoupon': {
      const result = await api.call(removeCoupon, { body: session });
      return result.errored ? reply.failed(result.error, 'coupon') : reply.done('couponRemoved');
    }
    case 'applyMemberCard': {
      const barcode = String(form.get('barcode') ?? '').trim();
      if (!barcode) return reply.refuse({ field: 'memberCard', key: 'barcodeRequired' });
      const result = await api.call(applyMemberCard, { body: { ...session, barcode } });
      if (result.errored) return reply.failed(result.error, 'memberCard');
      // Kept on the profile too; the cart keeps the card whatever this answers.
      await api.call(updateUser, { body: { memberCardBarcode: barcode } });
      return reply.done('memberCardApplied', undefined, barcode);
    }
    case 'setLoyaltyPoints': {
      const typed = String(form.get('loyaltyPoints') ?? '').trim();
      const loyaltyPoints = /^\d{1,8}$/.test(typed) ? Number(typed) : Number.NaN;
      if (!(loyaltyPoints <= 10_000_000)) return reply.refuse({ field: 'loyalty', key: 'loyaltyInvalid' });
      const result = await api.call(setLoyaltyPoints, { body: { ...session, loyaltyPoints } });
      return result.errored ? reply.failed(result.error, 'loyalty') : reply.done('loyaltyApplied');
    }
    default:
      return reply.refuse({ field: 'cart', key: 'generic' });
  }
}

export default function CartRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const { language, cart, message, savedBarcode } = loaderData;
  const formError = (actionData as { formError?: FormError } | undefined)?.formError ?? null;
  const filled = cart !== null && cart.items.length > 0;
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-8">
      <Breadcrumb
        items={[
          { label: t('cart.home'), href: localizedPath('home', language) },
          { label: t('cart.shop'), href: localizedPath('shop', language) },
          { label: t('cart.title') },
        ]}
      />
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900">{t('cart.title')}</h1>
      {message ? (
        <p
          role="status"
          className="mt-4 rounded-md bg-teal-50 px-4 py-3 text-teal-900"
          data-testid="cart-message"
        >
          {t(`cart.messages.${message}`)}
        </p>
      ) : null}
      {formError && (!filled || formError.field === 'cart') && !formError.itemId ? (
        <p
          role="alert"
          className="mt-4 rounded-md bg-red-50 px-4 py-3 font-medium text-red-900"
          data-testid="cart-error"
        >
          {t(`cart.errors.${formError.key}`)}
        </p>
      ) : null}
      {filled ? (
        <Island
          name="cartPage"
          props={{
            cart,
            language,
            loggedIn: root?.user != null,
            mode: 'page',
            savedBarcode,
            formError:
              formError && formError.field !== 'cart' ? formError : formError?.itemId ? formError : null,
          }}
        />
      ) : (
        <EmptyCart language={language} />
      )}
    </main>
  );
}
