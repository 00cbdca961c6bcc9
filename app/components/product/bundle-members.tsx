import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UiLanguage } from '../../../core/languages.ts';
import { productLink } from '../../../core/links.ts';
import type { Selection } from '../../../core/variant-selection.ts';
import type { Variant } from '../../../server/modules/catalogue/catalogue.contract.ts';
import { preloadDialog, useDialogComponent } from '../ui/lazy-dialog.ts';
import { fitted, imageAt } from './product-media.ts';
import { type BundleMember, memberPrefix } from './product-types.ts';
import { VariantSelector } from './variant-selector.tsx';

export type MemberChoice = {
  member: BundleMember;
  /** What the selectors show: the URL's choice, else the shop defaults. */
  selection: Selection;
  /** The variant the shopper has confirmed (through the URL), or null. */
  chosen: Variant | null;
};

type Props = {
  choices: MemberChoice[];
  /** checkBundles failed: the members are listed but cannot be customised. */
  notFetched: boolean;
  language: UiLanguage;
  /** `?customise=1` opens the popup on the server too, for browsers without JavaScript. */
  openOnLoad: boolean;
  openHref: string;
  closeHref: string;
  hiddenFields: Record<string, string>;
  onChange: (member: BundleMember, selection: Selection) => void;
  /** Confirms what the selectors show for every member and closes the popup. */
  onSave: () => void;
  onClose: () => void;
};

/**
 * The bundle's members, and the customisation popup when one needs a variant: the shared modal
 * `Dialog` (app/components/ui/dialog.tsx, its code loaded on first use), which returns focus to the
 * "customise" link. Without JavaScript the link loads `?customise=1`, where the server renders the
 * popup open as a plain `<dialog open>` whose form submits to the page.
 */
export function BundleMembers(props: Props) {
  const { choices, notFetched, language, openOnLoad } = props;
  const { t } = useTranslation();
  const [hydrated, setHydrated] = useState(false);
  const [open, setOpen] = useState(false);
  const [Dialog, loadDialog] = useDialogComponent();
  const opener = useRef<HTMLAnchorElement>(null);
  const customisable = !notFetched && choices.some((choice) => choice.member.needsChoice);
  const show = useCallback(() => {
    setOpen(true);
    loadDialog();
  }, [loadDialog]);

  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (hydrated && openOnLoad && customisable) show();
  }, [hydrated, openOnLoad, customisable, show]);

  const form = (
    <form
      method="get"
      onSubmit={(event) => {
        event.preventDefault();
        props.onSave();
        setOpen(false);
      }}
      className="flex flex-col gap-6"
    >
      {Object.entries(props.hiddenFields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {choices.map(({ member, selection }) => (
        <div key={member.product.id}>
          <h3 className="font-semibold text-slate-900">
            {t('product.bundle.quantity', { count: member.quantity })} {member.product.name}
          </h3>
          {member.needsChoice ? (
            <div className="mt-3">
              <VariantSelector
                attributes={member.attributes}
                variants={member.variants}
                selection={selection}
                prefix={memberPrefix(member.product.id)}
                onChange={(next) => props.onChange(member, next)}
              />
            </div>
          ) : (
            <p className="text-sm text-slate-600">{t('product.bundle.fixed')}</p>
          )}
        </div>
      ))}
      <div className="flex justify-end border-t border-slate-200 pt-5">
        <button
          type="submit"
          className="rounded-md bg-teal-700 px-4 py-2 font-semibold text-white hover:bg-teal-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700"
        >
          {t('product.bundle.save')}
        </button>
      </div>
    </form>
  );

  return (
    <section aria-labelledby="bundle-heading">
      <h2 id="bundle-heading" className="text-lg font-semibold text-slate-900">
        {t('product.bundle.heading')}
      </h2>
      {notFetched ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-800">
          {t('product.bundle.notFetched')}
        </p>
      ) : null}
      <ul
        className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200"
        data-testid="bundle-members"
      >
        {choices.map(({ member, chosen }) => (
          <li key={member.product.id} className="flex items-center gap-3 p-3">
            <MemberImage member={member} />
            <div className="min-w-0 flex-1">
              <p className="font-medium text-slate-900">
                <span className="text-slate-600">
                  {t('product.bundle.quantity', { count: member.quantity })}
                </span>{' '}
                <a
                  href={productLink(member.product.slug, language)}
                  className="hover:text-teal-700 hover:underline"
                >
                  {member.product.name}
                </a>
              </p>
              {member.needsChoice ? (
                <p className={`text-sm ${chosen ? 'text-teal-800' : 'text-amber-800'}`}>
                  {chosen
                    ? t('product.bundle.chosen', { name: chosen.name })
                    : t('product.bundle.needsChoice')}
                </p>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      {customisable ? (
        <>
          <a
            ref={opener}
            href={props.openHref}
            aria-haspopup="dialog"
            onClick={(event) => {
              event.preventDefault();
              show();
            }}
            onPointerDown={preloadDialog}
            onFocus={preloadDialog}
            className="mt-4 inline-flex items-center justify-center rounded-md border border-teal-700 px-4 py-2 font-semibold text-teal-800 hover:bg-teal-700 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700"
          >
            {t('product.bundle.customise')}
          </a>
          {Dialog ? (
            <Dialog
              open={open}
              onOpenChange={(next) => {
                setOpen(next);
                if (!next) props.onClose();
              }}
              title={t('product.bundle.dialogTitle')}
              description={t('product.bundle.dialogIntro')}
              closeLabel={t('product.bundle.close')}
              returnFocus={opener}
              testId="bundle-dialog"
            >
              {form}
            </Dialog>
          ) : null}
          {openOnLoad && !hydrated ? (
            // Without JavaScript: the page with `?customise=1` shows the popup open, in the page.
            <dialog
              open
              id="bundle-dialog"
              aria-labelledby="bundle-dialog-title"
              aria-describedby="bundle-dialog-intro"
              className="fixed inset-0 z-[60] m-auto max-h-[85vh] w-[calc(100%-2rem)] max-w-lg overflow-y-auto rounded-lg p-0 text-slate-800 shadow-xl"
            >
              <div className="flex items-start justify-between gap-4 border-b border-slate-200 p-5">
                <div>
                  <h2 id="bundle-dialog-title" className="text-xl font-bold text-slate-900">
                    {t('product.bundle.dialogTitle')}
                  </h2>
                  <p id="bundle-dialog-intro" className="mt-1 text-sm text-slate-700">
                    {t('product.bundle.dialogIntro')}
                  </p>
                </div>
                <a
                  href={props.closeHref}
                  className="rounded-md px-3 py-2 text-sm font-semibold text-teal-800 hover:bg-teal-50 focus-visible:outline-2 focus-visible:outline-teal-700"
                >
                  {t('product.bundle.close')}
                </a>
              </div>
              <div className="p-5">{form}</div>
            </dialog>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

function MemberImage({ member }: { member: BundleMember }) {
  const image = member.product.media[0];
  if (!image) return <span aria-hidden="true" className="block h-14 w-14 shrink-0 rounded bg-slate-100" />;
  const size = fitted(image, 'SmallSize');
  return (
    <img
      src={imageAt(image, 'SmallSize')}
      alt=""
      width={size.width}
      height={size.height}
      loading="lazy"
      decoding="async"
      className="h-14 w-14 shrink-0 rounded object-contain"
    />
  );
}
