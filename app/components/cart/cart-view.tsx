import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiFailure } from '../../../core/contract.ts';
import type { UiLanguage } from '../../../core/languages.ts';
import { formatMoney, MAIN_CURRENCY } from '../../../core/money.ts';
import { localizedPath } from '../../../core/route-table.ts';
import { CART_EVENTS, dispatchCartEvent, rememberMemberBarcode } from '../../lib/cart-session.ts';
import { fitted, imageAt } from '../product/product-media.ts';
import {
  applyCoupon,
  applyMemberCard,
  type Cart,
  type CartLine,
  clearCart,
  deleteItem,
  removeCoupon,
  setLoyaltyPoints,
  updateItem,
  updateUser,
} from './cart-calls.ts';
import { browserCartSession, cartApi, handleSessionEnd } from './cart-client.ts';
import { type CartErrorKey, cartErrorKey, parseQuantity, QUANTITY_DEBOUNCE_MS } from './cart-rules.ts';

type Mode = 'page' | 'modal';

type Props = {
  cart: Cart;
  language: UiLanguage;
  loggedIn: boolean;
  mode: Mode;
  /** The field errors of a form post (no JavaScript) to show again. */
  formError?: { field: BoxKind | 'cart'; key: CartErrorKey; itemId?: number } | null;
  /** The member card barcode saved on the logged-in shopper's profile (pre-fills the form). */
  savedBarcode?: string | null;
  /** Another cart came from the server (the modal tells the page's header). */
  onCart?: (cart: Cart) => void;
};

type BoxKind = 'coupon' | 'memberCard' | 'loyalty';

/** Loyalty points as typed: a whole number from 0 to the contract's upper bound, or null. */
function parsePoints(value: string): number | null {
  if (!/^\d{1,8}$/.test(value)) return null;
  const points = Number(value);
  return points <= 10_000_000 ? points : null;
}

type LineEdit = { value: string; saving: boolean; error: CartErrorKey | null };

const button =
  'inline-flex items-center justify-center rounded-md px-4 py-2 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700 disabled:cursor-not-allowed disabled:opacity-60';
export const primaryButton = `${button} bg-teal-700 text-white hover:bg-teal-800`;
export const secondaryButton = `${button} border border-teal-700 text-teal-800 hover:bg-teal-50`;
const fieldClass =
  'block w-full rounded-md border border-slate-400 px-3 py-2 text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-teal-700 read-only:bg-slate-100';

/**
 * The cart's lines, coupon, member card and summary: the cart page's island and the cart modal's
 * content. Every control is a form that posts to the cart page (intent + fields), so the page works
 * without JavaScript; once hydrated the same forms call the API over fetch: quantity edits wait
 * 500 ms (a newer edit cancels the pending one, a failed one keeps its value and message), a line
 * being removed is shown so until the call ends, and the answer's cart replaces the shown one.
 */
export function CartView({
  cart: initial,
  language,
  loggedIn,
  mode,
  formError = null,
  savedBarcode = null,
  onCart,
}: Props) {
  const { t } = useTranslation();
  const [cart, setCart] = useState(initial);
  const [hydrated, setHydrated] = useState(false);
  const [edits, setEdits] = useState<Record<number, LineEdit>>({});
  const [removing, setRemoving] = useState<Record<number, boolean>>({});
  const [busy, setBusy] = useState<BoxKind | 'clear' | null>(null);
  const [errors, setErrors] = useState<Partial<Record<BoxKind | 'cart', CartErrorKey>>>(
    formError && !formError.itemId ? { [formError.field]: formError.key } : {},
  );
  const [status, setStatus] = useState('');
  const pending = useRef(new Map<number, { timer: ReturnType<typeof setTimeout>; abort: AbortController }>());
  const api = useRef<ReturnType<typeof cartApi> | null>(null);
  const cartPath = localizedPath('cart', language);
  const home = localizedPath('home', language);

  useEffect(() => {
    setHydrated(true);
    const timers = pending.current;
    return () => {
      for (const { timer, abort } of timers.values()) {
        clearTimeout(timer);
        abort.abort();
      }
    };
  }, []);
  useEffect(() => setCart(initial), [initial]);

  const money = (amount: number) => formatMoney({ amount, currency: cart.currency.code }, language);
  const euro = (amount: number | undefined) =>
    amount === undefined ? null : formatMoney({ amount, currency: MAIN_CURRENCY }, language);

  /** Runs a call with the browser's session; the answer's cart replaces the shown one. */
  async function run<T extends Cart>(
    call: (session: {
      cartId: string;
      protectCode: string;
    }) => Promise<{ errored: false; data: T } | { errored: true; error: ApiFailure }>,
  ): Promise<{ ok: true; cart: T } | { ok: false; key: CartErrorKey } | { ok: false; key: null }> {
    const session = browserCartSession() ?? { cartId: cart.cartId, protectCode: cart.protectCode };
    let result: Awaited<ReturnType<typeof call>>;
    try {
      result = await call(session);
    } catch {
      // Aborted by a newer edit: nothing to report.
      return { ok: false, key: null };
    }
    if (result.errored) {
      if (handleSessionEnd(result.error, t('cart.errors.updateError'), home)) {
        return { ok: false, key: 'sessionMissing' };
      }
      return { ok: false, key: cartErrorKey(result.error) };
    }
    setCart(result.data);
    onCart?.(result.data);
    return { ok: true, cart: result.data };
  }
  const client = () => {
    api.current ??= cartApi(language);
    return api.current;
  };

  function scheduleQuantity(line: CartLine, value: string) {
    const previous = pending.current.get(line.itemId);
    if (previous) {
      clearTimeout(previous.timer);
      previous.abort.abort();
      pending.current.delete(line.itemId);
    }
    const qty = parseQuantity(value);
    if (qty === null) {
      setEdits((all) => ({ ...all, [line.itemId]: { value, saving: false, error: 'invalidQuantity' } }));
      return;
    }
    setEdits((all) => ({ ...all, [line.itemId]: { value, saving: false, error: null } }));
    const abort = new AbortController();
    const timer = setTimeout(async () => {
      setEdits((all) => ({ ...all, [line.itemId]: { value, saving: true, error: null } }));
      const outcome = await run((session) =>
        client().call(updateItem, { body: { ...session, itemId: line.itemId, qty } }),
      );
      if (abort.signal.aborted) return;
      pending.current.delete(line.itemId);
      if (outcome.ok) {
        setEdits((all) => {
          const { [line.itemId]: _, ...rest } = all;
          return rest;
        });
        setStatus(t('cart.messages.updated'));
        dispatchCartEvent(CART_EVENTS.changed, { count: outcome.cart.itemCount });
      } else if (outcome.key) {
        const key = outcome.key;
        setEdits((all) => ({ ...all, [line.itemId]: { value, saving: false, error: key } }));
      }
    }, QUANTITY_DEBOUNCE_MS);
    pending.current.set(line.itemId, { timer, abort });
  }

  async function remove(line: CartLine) {
    setRemoving((all) => ({ ...all, [line.itemId]: true }));
    const outcome = await run((session) =>
      client().call(deleteItem, { body: { ...session, itemId: line.itemId } }),
    );
    setRemoving((all) => ({ ...all, [line.itemId]: false }));
    if (outcome.ok) {
      setStatus(t('cart.messages.removed'));
      dispatchCartEvent(CART_EVENTS.removed, { count: outcome.cart.itemCount, productId: line.productId });
    } else if (outcome.key) {
      const key = outcome.key === 'generic' ? 'removeFailed' : outcome.key;
      setEdits((all) => ({
        ...all,
        [line.itemId]: { value: all[line.itemId]?.value ?? String(line.qty), saving: false, error: key },
      }));
    }
  }

  async function submitBox(kind: BoxKind | 'clear', form: HTMLFormElement, intent = '') {
    const data = new FormData(form);
    const field = kind === 'coupon' ? 'couponCode' : kind === 'loyalty' ? 'loyaltyPoints' : 'barcode';
    const text = String(data.get(field) ?? '').trim();
    const points = parsePoints(text);
    if (kind === 'loyalty' && points === null) {
      setErrors((all) => ({ ...all, loyalty: 'loyaltyInvalid' }));
      return;
    }
    if (kind === 'coupon' && intent === 'applyCoupon' && !text) {
      setErrors((all) => ({ ...all, coupon: 'couponRequired' }));
      return;
    }
    if (kind === 'memberCard' && !text) {
      setErrors((all) => ({ ...all, memberCard: 'barcodeRequired' }));
      return;
    }
    // The card already applied to this cart: nothing to send.
    if (kind === 'memberCard' && cart.memberCard?.valid && cart.memberCard.barcode === text) return;
    setBusy(kind);
    setErrors((all) => ({ ...all, [kind === 'clear' ? 'cart' : kind]: undefined }));
    const outcome = await run((session) => {
      if (kind === 'clear') return client().call(clearCart, { body: session });
      if (kind === 'loyalty')
        return client().call(setLoyaltyPoints, { body: { ...session, loyaltyPoints: points ?? 0 } });
      if (kind === 'memberCard')
        return client().call(applyMemberCard, { body: { ...session, barcode: text } });
      if (intent === 'removeCoupon') return client().call(removeCoupon, { body: session });
      return client().call(applyCoupon, { body: { ...session, couponCode: text } });
    });
    setBusy(null);
    if (outcome.ok) {
      const message =
        kind === 'clear'
          ? t('cart.messages.cleared')
          : kind === 'memberCard'
            ? t('cart.messages.memberCardApplied')
            : kind === 'loyalty'
              ? t('cart.messages.loyaltyApplied')
              : intent === 'removeCoupon'
                ? t('cart.messages.couponRemoved')
                : t('cart.messages.couponApplied');
      if (kind === 'memberCard') {
        rememberMemberBarcode(text);
        // Kept on the profile too (the checkout and other devices read it); the cart keeps the card
        // whatever this answers.
        if (text !== savedBarcode) await client().call(updateUser, { body: { memberCardBarcode: text } });
      }
      setStatus(message);
      dispatchCartEvent(kind === 'clear' ? CART_EVENTS.removed : CART_EVENTS.changed, {
        count: outcome.cart.itemCount,
      });
    } else if (outcome.key) {
      const key = outcome.key;
      setErrors((all) => ({ ...all, [kind === 'clear' ? 'cart' : kind]: key }));
    }
  }

  const lines = cart.items;
  const prices = cart.prices;
  const eur = prices.eurEquivalent;
  const idPrefix = mode === 'modal' ? 'modal-' : '';
  const couponError = errors.coupon;

  if (lines.length === 0) return <EmptyCart language={language} />;

  return (
    <div
      className={mode === 'page' ? 'mt-6 grid gap-8 lg:grid-cols-[1fr_20rem]' : 'flex flex-col gap-6'}
      data-testid={`cart-view-${mode}`}
    >
      <div>
        <h2 id={`${idPrefix}cart-lines-heading`} className="sr-only">
          {t('cart.lines.heading')}
        </h2>
        <ul
          aria-labelledby={`${idPrefix}cart-lines-heading`}
          className="divide-y divide-slate-200 border-y border-slate-200"
        >
          {lines.map((line) => {
            const edit = edits[line.itemId];
            const isRemoving = removing[line.itemId] === true;
            const value = edit?.value ?? String(line.qty);
            const qtyId = `${idPrefix}qty-${line.itemId}`;
            const errorId = `${qtyId}-error`;
            const image = line.productData.media;
            const options = [
              ...line.options.attributes.map((attribute) => `${attribute.label}: ${attribute.value}`),
              ...line.options.personalizations.map((option) => `${option.title}: ${option.label}`),
              ...line.options.bundleOptions.map(
                (member) =>
                  `${member.quantity} × ${member.name}${member.attributes.length > 0 ? ` (${member.attributes.map((attribute) => attribute.value).join(', ')})` : ''}`,
              ),
            ];
            const lineError =
              edit?.error ?? (formError?.itemId === line.itemId && !hydrated ? formError.key : null);
            const numeric = parseQuantity(value) ?? line.qty;
            return (
              <li
                key={line.itemId}
                className={`flex flex-wrap gap-4 py-4 ${isRemoving ? 'opacity-50' : ''}`}
                aria-busy={isRemoving || edit?.saving ? true : undefined}
                data-testid="cart-line"
              >
                {image ? (
                  <img
                    src={imageAt(image, 'SmallSize')}
                    alt=""
                    width={fitted(image, 'SmallSize').width}
                    height={fitted(image, 'SmallSize').height}
                    loading="lazy"
                    decoding="async"
                    className="h-20 w-20 shrink-0 rounded object-contain"
                  />
                ) : (
                  <span aria-hidden="true" className="block h-20 w-20 shrink-0 rounded bg-slate-100" />
                )}
                <div className="min-w-0 flex-1">
                  <a
                    href={line.productData.url}
                    className="font-semibold text-slate-900 hover:text-teal-800 hover:underline"
                    data-testid="cart-line-name"
                  >
                    {line.productData.name}
                  </a>
                  {options.length > 0 ? (
                    <p className="mt-1 text-sm text-slate-700" data-testid="cart-line-options">
                      <span className="font-medium">{t('cart.lines.options')}</span> {options.join('; ')}
                    </p>
                  ) : null}
                  <p className="mt-1 text-sm text-slate-800" data-testid="cart-line-unit">
                    <span className="sr-only">{t('cart.lines.unitPrice')}: </span>
                    {money(line.prices.finalPrice)}
                    {line.prices.regularPrice > line.prices.finalPrice ? (
                      <>
                        {' '}
                        <s className="text-slate-600">{money(line.prices.regularPrice)}</s>
                      </>
                    ) : null}
                    {line.prices.eurEquivalent ? (
                      <span className="ml-2 text-slate-600">
                        {t('cart.lines.euro', { price: euro(line.prices.eurEquivalent.finalPrice) })}
                      </span>
                    ) : null}
                  </p>
                  {line.stock.state === 'out_of_stock' || line.stock.state === 'insufficient' ? (
                    <p className="mt-1 text-sm font-medium text-red-800">
                      {line.stock.state === 'out_of_stock'
                        ? t('cart.lines.outOfStock')
                        : t('cart.lines.available', { count: line.stock.available ?? 0 })}
                    </p>
                  ) : null}
                  <form
                    method="post"
                    action={cartPath}
                    className="mt-3 flex flex-wrap items-center gap-2"
                    onSubmit={(event) => {
                      event.preventDefault();
                      scheduleQuantity(line, value);
                    }}
                  >
                    <input type="hidden" name="itemId" value={line.itemId} />
                    <div className="flex shrink-0 items-center gap-2">
                      <button
                        type="submit"
                        name="intent"
                        value="decrease"
                        aria-label={t('cart.lines.decrease', { name: line.productData.name })}
                        disabled={isRemoving || numeric <= 1}
                        onClick={(event) => {
                          event.preventDefault();
                          if (numeric > 1) scheduleQuantity(line, String(numeric - 1));
                        }}
                        className="h-10 w-10 rounded-md border border-slate-400 text-lg font-bold text-slate-900 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-teal-700 disabled:cursor-not-allowed disabled:opacity-50"
                      >
                        −
                      </button>
                      <div>
                        <label htmlFor={qtyId} className="sr-only">
                          {t('cart.lines.quantityOf', { name: line.productData.name })}
                        </label>
                        <input
                          id={qtyId}
                          name="qty"
                          type="number"
                          inputMode="numeric"
                          min={1}
                          step={1}
                          value={value}
                          disabled={isRemoving}
                          aria-invalid={lineError ? true : undefined}
                          aria-describedby={lineError ? errorId : undefined}
                          onChange={(event) => scheduleQuantity(line, event.currentTarget.value)}
                          className="h-10 w-16 rounded-md border border-slate-400 px-2 text-center text-slate-900 focus-visible:outline-2 focus-visible:outline-teal-700"
                          data-testid="cart-line-qty"
                        />
                      </div>
                      <button
                        type="submit"
                        name="intent"
                        value="increase"
                        aria-label={t('cart.lines.increase', { name: line.productData.name })}
                        disabled={isRemoving}
                        onClick={(event) => {
                          event.preventDefault();
                          scheduleQuantity(line, String(numeric + 1));
                        }}
                        className="h-10 w-10 rounded-md border border-slate-400 text-lg font-bold text-slate-900 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-teal-700 disabled:cursor-not-allowed disabled:opacity-50"
                      >
                        +
                      </button>
                    </div>
                    {hydrated ? null : (
                      <button type="submit" name="intent" value="update" className={secondaryButton}>
                        {t('cart.lines.update')}
                      </button>
                    )}
                    {edit?.saving ? (
                      <span className="text-sm text-slate-700">{t('cart.lines.saving')}</span>
                    ) : null}
                  </form>
                  {lineError ? (
                    <p id={errorId} role="alert" className="mt-1 text-sm font-medium text-red-800">
                      {t(`cart.errors.${lineError}`)}
                    </p>
                  ) : null}
                </div>
                <div className="flex flex-col items-end justify-between gap-2">
                  <p className="font-semibold text-slate-900" data-testid="cart-line-total">
                    <span className="sr-only">{t('cart.lines.total')}: </span>
                    {money(line.prices.row)}
                  </p>
                  <form
                    method="post"
                    action={cartPath}
                    onSubmit={(event) => {
                      event.preventDefault();
                      void remove(line);
                    }}
                  >
                    <input type="hidden" name="itemId" value={line.itemId} />
                    <button
                      type="submit"
                      name="intent"
                      value="remove"
                      disabled={isRemoving}
                      aria-label={t('cart.lines.removeItem', { name: line.productData.name })}
                      className="rounded px-2 py-1 text-sm font-semibold text-red-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-teal-700 disabled:no-underline"
                    >
                      {isRemoving ? t('cart.lines.removing') : t('cart.lines.remove')}
                    </button>
                  </form>
                </div>
              </li>
            );
          })}
        </ul>
        {mode === 'page' ? (
          <div className="mt-4 flex flex-wrap justify-between gap-3">
            <a href={localizedPath('shop', language)} className={secondaryButton}>
              {t('cart.continueShopping')}
            </a>
            <form
              method="post"
              action={cartPath}
              onSubmit={(event) => {
                event.preventDefault();
                void submitBox('clear', event.currentTarget);
              }}
            >
              <button
                type="submit"
                name="intent"
                value="clear"
                disabled={busy === 'clear'}
                className="rounded-md px-4 py-2 font-semibold text-red-800 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-teal-700"
                data-testid="cart-clear"
              >
                {t('cart.clear')}
              </button>
            </form>
          </div>
        ) : null}
        {errors.cart ? (
          <p role="alert" className="mt-2 text-sm font-medium text-red-800">
            {t(`cart.errors.${errors.cart}`)}
          </p>
        ) : null}
      </div>

      <aside aria-labelledby={`${idPrefix}cart-summary-heading`} className="flex flex-col gap-5">
        <details
          open={cart.couponCode !== null || couponError !== undefined || undefined}
          className="rounded-lg border border-slate-200 p-4"
          data-testid="coupon-box"
        >
          <summary className="cursor-pointer font-semibold text-slate-900">{t('cart.coupon.toggle')}</summary>
          <form
            method="post"
            action={cartPath}
            className="mt-3 flex flex-col gap-2"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
              void submitBox(
                'coupon',
                event.currentTarget,
                submitter?.value === 'removeCoupon' ? 'removeCoupon' : 'applyCoupon',
              );
            }}
          >
            <label htmlFor={`${idPrefix}coupon-code`} className="text-sm font-medium text-slate-900">
              {t('cart.coupon.label')}
            </label>
            <input
              key={cart.couponCode ?? 'none'}
              id={`${idPrefix}coupon-code`}
              name="couponCode"
              type="text"
              autoComplete="off"
              maxLength={64}
              defaultValue={cart.couponCode ?? ''}
              readOnly={cart.couponCode !== null}
              aria-invalid={couponError ? true : undefined}
              aria-describedby={couponError ? `${idPrefix}coupon-error` : undefined}
              className={fieldClass}
            />
            {cart.couponCode === null ? <input type="hidden" name="intent" value="applyCoupon" /> : null}
            {couponError ? (
              <p id={`${idPrefix}coupon-error`} role="alert" className="text-sm font-medium text-red-800">
                {t(`cart.errors.${couponError}`)}
              </p>
            ) : null}
            {cart.couponCode !== null ? (
              <>
                <p className="text-sm text-teal-800" data-testid="coupon-applied">
                  {t('cart.coupon.applied', { code: cart.couponCode })}
                </p>
                <button
                  type="submit"
                  name="intent"
                  value="removeCoupon"
                  disabled={busy === 'coupon'}
                  className={secondaryButton}
                >
                  {t('cart.coupon.remove')}
                </button>
              </>
            ) : (
              <button type="submit" disabled={busy === 'coupon'} className={secondaryButton}>
                {t('cart.coupon.apply')}
              </button>
            )}
          </form>
        </details>

        {loggedIn ? (
          <form
            method="post"
            action={cartPath}
            noValidate
            className="flex flex-col gap-2 rounded-lg border border-slate-200 p-4"
            onSubmit={(event) => {
              event.preventDefault();
              void submitBox('memberCard', event.currentTarget);
            }}
          >
            <input type="hidden" name="intent" value="applyMemberCard" />
            <label htmlFor={`${idPrefix}member-card`} className="text-sm font-medium text-slate-900">
              {t('cart.memberCard.label')}
            </label>
            <input
              id={`${idPrefix}member-card`}
              name="barcode"
              type="text"
              inputMode="numeric"
              autoComplete="off"
              maxLength={13}
              defaultValue={cart.memberCard?.barcode || savedBarcode || ''}
              aria-invalid={errors.memberCard ? true : undefined}
              aria-describedby={errors.memberCard ? `${idPrefix}member-card-error` : undefined}
              className={fieldClass}
            />
            {errors.memberCard ? (
              <p
                id={`${idPrefix}member-card-error`}
                role="alert"
                className="text-sm font-medium text-red-800"
              >
                {t(`cart.errors.${errors.memberCard}`)}
              </p>
            ) : null}
            {cart.memberCard?.valid ? (
              <p className="text-sm text-teal-800" data-testid="member-card-applied">
                {t('cart.memberCard.applied')}
              </p>
            ) : null}
            <button type="submit" disabled={busy === 'memberCard'} className={secondaryButton}>
              {t('cart.memberCard.apply')}
            </button>
          </form>
        ) : mode === 'modal' ? (
          <p className="text-sm text-slate-700">{t('cart.memberCard.loginRequired')}</p>
        ) : null}

        {loggedIn && cart.loyalty && cart.loyalty.pointsAvailable !== null ? (
          <form
            method="post"
            action={cartPath}
            noValidate
            className="flex flex-col gap-2 rounded-lg border border-slate-200 p-4"
            data-testid="cart-loyalty"
            onSubmit={(event) => {
              event.preventDefault();
              void submitBox('loyalty', event.currentTarget);
            }}
          >
            <input type="hidden" name="intent" value="setLoyaltyPoints" />
            <label htmlFor={`${idPrefix}loyalty-points`} className="text-sm font-medium text-slate-900">
              {t('cart.loyalty.label')}
            </label>
            <p
              id={`${idPrefix}loyalty-balance`}
              className="text-sm text-slate-700"
              data-testid="loyalty-balance"
            >
              {t('cart.loyalty.balance', {
                count: cart.loyalty.pointsAvailable,
                max: cart.loyalty.maxSpendable,
              })}
            </p>
            <input
              key={cart.loyaltyPoints}
              id={`${idPrefix}loyalty-points`}
              name="loyaltyPoints"
              type="text"
              inputMode="numeric"
              autoComplete="off"
              maxLength={8}
              defaultValue={String(cart.loyaltyPoints)}
              aria-invalid={errors.loyalty ? true : undefined}
              aria-describedby={
                errors.loyalty
                  ? `${idPrefix}loyalty-balance ${idPrefix}loyalty-error`
                  : `${idPrefix}loyalty-balance`
              }
              className={fieldClass}
            />
            {errors.loyalty ? (
              <p id={`${idPrefix}loyalty-error`} role="alert" className="text-sm font-medium text-red-800">
                {t(`cart.errors.${errors.loyalty}`)}
              </p>
            ) : null}
            <button type="submit" disabled={busy === 'loyalty'} className={secondaryButton}>
              {t('cart.loyalty.apply')}
            </button>
          </form>
        ) : null}

        {mode === 'modal' ? <Instructions cartId={cart.cartId} /> : null}

        <div className="rounded-lg bg-slate-50 p-4">
          <h2 id={`${idPrefix}cart-summary-heading`} className="text-lg font-semibold text-slate-900">
            {t('cart.summary.heading')}
          </h2>
          <dl className="mt-3 flex flex-col gap-2 text-slate-800" data-testid="cart-summary">
            <Row label={mode === 'modal' ? t('cart.summary.items') : t('cart.summary.amount')}>
              {money(prices.itemsTotal)}
            </Row>
            {cart.couponCode !== null ? (
              <Row label={t('cart.summary.coupon')} testId="summary-coupon">
                −{money(prices.coupon)}
              </Row>
            ) : null}
            {cart.loyaltyPoints > 0 ? (
              <Row label={t('cart.summary.loyaltyPoints')} testId="summary-loyalty-points">
                {t('cart.summary.points', { count: cart.loyaltyPoints })}
              </Row>
            ) : null}
            {prices.loyalty > 0 ? (
              <Row label={t('cart.summary.loyaltyDiscount')}>−{money(prices.loyalty)}</Row>
            ) : null}
            {cart.deliveryMethodId !== null && cart.loyaltyRewards.freeDelivery ? (
              <Row label={t('cart.summary.freeDelivery')}>✓</Row>
            ) : null}
            {mode === 'modal' || cart.deliveryMethodId !== null ? (
              <Row label={t('cart.summary.delivery')}>{money(prices.delivery)}</Row>
            ) : null}
            <Row label={t('cart.summary.tax')}>{money(prices.tax.orderTotal)}</Row>
            <div className="flex justify-between gap-4 border-t border-slate-300 pt-2 text-lg font-bold text-slate-900">
              <dt>{t('cart.summary.total')}</dt>
              <dd className="text-right" data-testid="cart-total">
                {money(prices.orderTotal)}
                {eur ? (
                  <span className="block text-sm font-normal text-slate-700">{euro(eur.orderTotal)}</span>
                ) : null}
              </dd>
            </div>
          </dl>
          <a
            href={localizedPath('checkout', language)}
            className={`${primaryButton} mt-4 w-full`}
            data-testid="cart-checkout"
          >
            {t('cart.summary.checkout')}
          </a>
          {!loggedIn ? (
            <a
              href={`${localizedPath('login', language)}?redirectTo=${encodeURIComponent(localizedPath('checkout', language))}`}
              className="mt-3 block text-center text-sm font-medium text-teal-800 underline-offset-2 hover:underline"
              data-testid="cart-login"
            >
              {t('cart.summary.login')}
            </a>
          ) : null}
        </div>
        <p role="status" className="sr-only" data-testid="cart-status">
          {status}
        </p>
      </aside>
    </div>
  );
}

/** The empty cart: a message and a start-shopping button to the shop. */
export function EmptyCart({ language }: { language: UiLanguage }) {
  const { t } = useTranslation();
  return (
    <section className="mt-8 rounded-lg border border-slate-200 p-8 text-center" data-testid="cart-empty">
      <h2 className="text-xl font-semibold text-slate-900">{t('cart.empty.title')}</h2>
      <p className="mt-2 text-slate-700">{t('cart.empty.text')}</p>
      <a href={localizedPath('shop', language)} className={`${primaryButton} mt-6`}>
        {t('cart.empty.start')}
      </a>
    </section>
  );
}

function Row({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <div className="flex justify-between gap-4">
      <dt>{label}</dt>
      <dd className="text-right" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/**
 * The modal's free-text box for the order: kept in this browser per cart (sessionStorage) until the
 * checkout sends it with the order.
 */
function Instructions({ cartId }: { cartId: string }) {
  const { t } = useTranslation();
  const key = `cartInstructions:${cartId}`;
  const [value, setValue] = useState('');
  useEffect(() => {
    try {
      setValue(window.sessionStorage.getItem(key) ?? '');
    } catch {
      // Storage may be off (private mode): the box still works for this view.
    }
  }, [key]);
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor="cart-instructions" className="text-sm font-medium text-slate-900">
        {t('cart.instructions.label')}
      </label>
      <textarea
        id="cart-instructions"
        rows={3}
        maxLength={1000}
        value={value}
        aria-describedby="cart-instructions-hint"
        onChange={(event) => {
          const next = event.currentTarget.value;
          setValue(next);
          try {
            window.sessionStorage.setItem(key, next);
          } catch {
            // See above.
          }
        }}
        className={fieldClass}
      />
      <p id="cart-instructions-hint" className="text-sm text-slate-600">
        {t('cart.instructions.hint')}
      </p>
    </div>
  );
}
