import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Audience } from '../../../core/checkout-steps.ts';
import { preloadDialog, useDialogComponent } from '../ui/lazy-dialog.ts';
import { checkoutHelpOff, setCheckoutHelpOff, takeCheckoutHelpDue } from './checkout-help-state.ts';

const STEPS = ['address', 'shipping', 'payment'] as const;

const linkButton =
  'inline-flex items-center justify-center rounded-md border border-teal-700 px-3 py-1.5 text-sm font-semibold text-teal-800 hover:bg-teal-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700';

/**
 * The checkout's help (island, docs/decisions/0323): a "How ordering works" button beside the step,
 * and the shared accessible dialog (focus inside and trapped, Escape closes, focus back on the button)
 * with the three steps in the guest's or the user's words and, for a guest, the choice between
 * logging in, registering and going on as a guest. It opens by itself on the first checkout visit
 * after a product was added to the cart, unless "don't show again" was ticked. Without JavaScript the
 * button is not shown and the steps' own texts remain.
 */
export function CheckoutHelp({
  audience,
  openOnLoad,
  loginHref,
  registerHref,
}: {
  audience: Audience;
  /** The step where it may open by itself (the address step). */
  openOnLoad: boolean;
  loginHref: string;
  registerHref: string;
}) {
  const { t } = useTranslation();
  const [hydrated, setHydrated] = useState(false);
  const [open, setOpen] = useState(false);
  const [off, setOff] = useState(false);
  const [Dialog, loadDialog] = useDialogComponent();
  const opener = useRef<HTMLButtonElement>(null);
  const show = useCallback(() => {
    setOff(checkoutHelpOff());
    setOpen(true);
    void loadDialog();
  }, [loadDialog]);
  useEffect(() => {
    setHydrated(true);
    if (openOnLoad && takeCheckoutHelpDue()) show();
  }, [openOnLoad, show]);

  const close = () => setOpen(false);
  return (
    <>
      <button
        ref={opener}
        type="button"
        hidden={!hydrated}
        aria-haspopup="dialog"
        onClick={show}
        onPointerDown={preloadDialog}
        onFocus={preloadDialog}
        className={linkButton}
        data-testid="checkout-help-open"
      >
        {t('checkout.help.open')}
      </button>
      {Dialog && open ? (
        <Dialog
          open={open}
          onOpenChange={setOpen}
          title={t('checkout.help.title')}
          description={t(`checkout.help.intro.${audience}`)}
          closeLabel={t('checkout.help.close')}
          returnFocus={opener}
          testId="checkout-help"
          footer={
            <div className="flex flex-wrap items-center justify-between gap-3">
              <label className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  checked={off}
                  onChange={(event) => {
                    setOff(event.currentTarget.checked);
                    setCheckoutHelpOff(event.currentTarget.checked);
                  }}
                  className="h-4 w-4 accent-teal-700"
                  data-testid="checkout-help-off"
                />
                {t('checkout.help.dontShow')}
              </label>
              <button
                type="button"
                onClick={close}
                className="rounded-md bg-teal-700 px-4 py-2 font-semibold text-white hover:bg-teal-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700"
                data-testid="checkout-help-continue"
              >
                {audience === 'guest' ? t('checkout.help.continueGuest') : t('checkout.help.continue')}
              </button>
            </div>
          }
        >
          <ol
            className="flex list-decimal flex-col gap-2 pl-5 text-slate-800"
            aria-label={t('checkout.help.stepsLabel')}
          >
            {STEPS.map((step) => (
              <li key={step} data-testid={`checkout-help-${step}`}>
                {t(`checkout.help.${step}.${audience}`)}
              </li>
            ))}
          </ol>
          {audience === 'guest' ? (
            <section className="mt-4 rounded-md bg-slate-50 p-3" aria-labelledby="checkout-help-account">
              <h3 id="checkout-help-account" className="font-semibold text-slate-900">
                {t('checkout.help.accountTitle')}
              </h3>
              <p className="mt-1 text-sm text-slate-700">{t('checkout.help.accountText')}</p>
              <div className="mt-3 flex flex-wrap gap-3">
                <a href={loginHref} className={linkButton} data-testid="checkout-help-login">
                  {t('checkout.help.login')}
                </a>
                <a href={registerHref} className={linkButton} data-testid="checkout-help-register">
                  {t('checkout.help.register')}
                </a>
              </div>
            </section>
          ) : null}
        </Dialog>
      ) : null}
    </>
  );
}
