import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CARD_METHOD_CODE, CART_UPDATED_TOAST_MS, createSubmitGuard } from '../../../core/checkout-steps.ts';
import { showToast } from '../../islands/toast-store.ts';
import { primaryButton, secondaryButton } from '../cart/cart-view.tsx';

export type PaymentChoice = {
  id: number;
  name: string;
  description: string;
  methodCode: number;
  paymentType: string;
};

/** The id of the hosted payment form the sandbox adapter answers (server/modules/payments/payments.service.ts). */
const HPF_FORM_ID = 'hpf-form';

/** The card schemes the sandbox gateway (and the processors it plays) accept: brand names, not texts. */
const CARD_BRANDS = ['Visa', 'Mastercard', 'Maestro', 'Diners', 'American Express'] as const;

export type PaymentStepProps = {
  action: string;
  backHref: string;
  audience: 'guest' | 'user';
  methods: PaymentChoice[];
  selectedId: number | null;
  /** Gift message, to and from (the checkout setting `giftWrap`). */
  giftFields: boolean;
  /** The order message (the checkout setting `message`). */
  messageField: boolean;
  /** What the page showed (JSON): order/create refuses the order when the server's copy differs. */
  expected: string;
  /** The one method to choose and submit without a click (an HPF method with valid company data). */
  automaticId: number | null;
  /** The hosted payment form order/create answered: added to the page and submitted. */
  hpfHtml: string | null;
  /** A refusal of the last submit (catalog key of `checkout.errors`). */
  error: string | null;
};

/**
 * Step 3: the applicable payment methods (the card shows its schemes), gift and order messages when
 * the settings enable them, and Confirm. A form that posts to the checkout route (intent `confirm`),
 * so cash on delivery and bank transfer work without JavaScript. Hydrated, it adds the submit guard
 * (one order at a time, a "sending" state), submits the only HPF method by itself, submits the
 * hosted payment form the server answered, and shows the 12 s 'cart updated' toast.
 */
export function PaymentStep(props: PaymentStepProps) {
  const { t } = useTranslation();
  const { action, backHref, audience, methods, selectedId, giftFields, messageField, expected } = props;
  const form = useRef<HTMLFormElement>(null);
  const hpf = useRef<HTMLDivElement>(null);
  const guard = useRef(createSubmitGuard());
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (props.error === 'cartUpdated')
      showToast(t('checkout.errors.cartUpdated'), { kind: 'info', durationMs: CART_UPDATED_TOAST_MS });
  }, [props.error, t]);

  useEffect(() => {
    if (props.hpfHtml) {
      const hosted = hpf.current?.querySelector('form');
      if (hosted) {
        setSending(true);
        HTMLFormElement.prototype.submit.call(hosted);
      }
      return;
    }
    if (props.automaticId !== null && props.error === null && form.current) form.current.requestSubmit();
  }, [props.hpfHtml, props.automaticId, props.error]);

  const onSubmit = (event: { preventDefault: () => void }) => {
    if (!guard.current.start()) {
      event.preventDefault();
      return;
    }
    setSending(true);
  };

  if (props.hpfHtml)
    return (
      <div data-testid="checkout-hpf">
        <p role="status" className="text-slate-800">
          {t('checkout.payment.redirecting')}
        </p>
        {/* The gateway's own form (its fields and submit button), so that it can be sent without JavaScript too. */}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML comes from our payment adapter, not from a shopper */}
        <div ref={hpf} className="mt-4" dangerouslySetInnerHTML={{ __html: props.hpfHtml }} />
        {/* Sends the gateway's form (it has no button of its own) when the script has not. */}
        <button
          type="submit"
          form={HPF_FORM_ID}
          className={`${primaryButton} mt-4`}
          data-testid="checkout-to-payment"
        >
          {t('checkout.payment.toPayment')}
        </button>
      </div>
    );

  return (
    <form
      ref={form}
      method="post"
      action={action}
      noValidate
      onSubmit={onSubmit}
      aria-busy={sending || undefined}
      data-testid="checkout-payment-form"
    >
      <input type="hidden" name="intent" value="confirm" />
      <input type="hidden" name="expected" value={expected} />
      <p className="text-slate-700" data-testid="checkout-step-intro">
        {t(`checkout.payment.intro.${audience}`)}
      </p>
      {methods.length === 0 ? (
        <p role="alert" className="mt-4 rounded-md bg-amber-50 px-4 py-3 font-medium text-amber-900">
          {t('checkout.payment.none')}
        </p>
      ) : (
        <fieldset className="mt-4">
          <legend className="text-lg font-semibold text-slate-900">{t('checkout.payment.methods')}</legend>
          <ul className="mt-3 flex flex-col gap-3">
            {methods.map((method) => {
              const id = `checkout-payment-${method.id}`;
              return (
                <li
                  key={method.id}
                  className="rounded-md border border-slate-300 p-4 has-[:checked]:border-teal-700"
                >
                  <div className="flex items-start gap-3">
                    <input
                      id={id}
                      type="radio"
                      name="paymentMethodId"
                      value={method.id}
                      defaultChecked={method.id === selectedId || methods.length === 1}
                      aria-describedby={method.description ? `${id}-description` : undefined}
                      className="mt-1 h-4 w-4 shrink-0 accent-teal-700"
                    />
                    <label htmlFor={id} className="font-medium text-slate-900">
                      {method.name}
                    </label>
                  </div>
                  {method.description ? (
                    <p id={`${id}-description`} className="mt-1 ml-7 text-sm text-slate-700">
                      {method.description}
                    </p>
                  ) : null}
                  {method.methodCode === CARD_METHOD_CODE ? (
                    <ul
                      className="mt-2 ml-7 flex flex-wrap gap-2"
                      aria-label={t('checkout.payment.cards', { cards: CARD_BRANDS.join(', ') })}
                      data-testid="card-logos"
                    >
                      {CARD_BRANDS.map((brand) => (
                        <li
                          key={brand}
                          className="rounded border border-slate-400 bg-white px-2 py-0.5 text-xs font-bold tracking-wide text-slate-800"
                        >
                          {brand}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </fieldset>
      )}
      {giftFields || messageField ? (
        <div className="mt-6 grid gap-4 sm:grid-cols-2">
          {giftFields ? (
            <>
              <TextField name="to" label={t('checkout.payment.to')} max={100} />
              <TextField name="from" label={t('checkout.payment.from')} max={100} />
              <TextField name="giftMessage" label={t('checkout.payment.giftMessage')} max={1000} multiline />
            </>
          ) : null}
          {messageField ? (
            <TextField name="orderMessage" label={t('checkout.payment.orderMessage')} max={1000} multiline />
          ) : null}
        </div>
      ) : null}
      <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
        <a href={backHref} className={secondaryButton} data-testid="checkout-back">
          {t('checkout.back')}
        </a>
        {methods.length > 0 ? (
          <button type="submit" className={primaryButton} disabled={sending} data-testid="checkout-confirm">
            {sending ? t('checkout.payment.sending') : t('checkout.payment.confirm')}
          </button>
        ) : null}
      </div>
      {sending ? (
        <p role="status" className="mt-3 text-slate-800" data-testid="checkout-sending">
          {t('checkout.payment.sending')}
        </p>
      ) : null}
    </form>
  );
}

function TextField({
  name,
  label,
  max,
  multiline = false,
}: {
  name: string;
  label: string;
  max: number;
  multiline?: boolean;
}) {
  const id = `checkout-${name}`;
  const className =
    'mt-1 block w-full rounded-md border border-slate-400 px-3 py-2 text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-teal-700';
  return (
    <div className={multiline ? 'sm:col-span-2' : undefined}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {multiline ? (
        <textarea id={id} name={name} maxLength={max} rows={3} className={className} />
      ) : (
        <input id={id} name={name} type="text" maxLength={max} className={className} />
      )}
    </div>
  );
}
