import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { UiLanguage } from '../../core/languages.ts';
import { mediaById } from '../../core/media.ts';
import { localizedPath } from '../../core/route-table.ts';
import type { NavItem, ShellData } from '../lib/shell-data.ts';
import { NavLink } from './nav-link.tsx';
import { FOOTER_FORM_ID, NewsletterForm } from './sections/newsletter-form.tsx';
import { SocialLink } from './social-link.tsx';

export function SiteFooter({ shell, language }: { shell: ShellData; language: UiLanguage }) {
  const { t } = useTranslation();
  const location = useLocation();
  const { footer } = shell;
  const showSponsors = footer.sponsors?.paths.includes(location.pathname.replace(/\/$/, '')) ?? false;

  return (
    <footer className="mt-24 bg-teal-900 text-teal-50">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 md:grid-cols-4">
        <div className="md:col-span-1">
          <a
            href={localizedPath('home', language)}
            aria-label={t('shell.home')}
            className="inline-block rounded bg-white p-2"
          >
            {shell.logoMediaId ? (
              <img
                src={mediaById(shell.apiKeyId, shell.logoMediaId, 'LogoSize', 'logo')}
                alt={shell.logoAlt}
                width={120}
                height={60}
                loading="lazy"
                className="h-10 w-auto"
              />
            ) : (
              <span className="font-bold text-teal-900">{shell.logoAlt}</span>
            )}
          </a>
          <p className="mt-4 text-sm leading-relaxed text-teal-100">{footer.aboutText}</p>
        </div>
        <FooterColumn title={footer.column1Title} items={shell.menus.footer1} />
        <FooterColumn title={footer.column2Title} items={shell.menus.footer2} />
        <div id="newsletter">
          <h2 className="font-semibold text-white">{footer.newsletterLabel}</h2>
          <NewsletterForm
            formId={FOOTER_FORM_ID}
            anchorId="newsletter"
            placeholder={footer.newsletterPlaceholder}
            buttonLabel={footer.newsletterButton}
            tone="dark"
          />
          <h2 className="mt-6 font-semibold text-white">{footer.shareLabel}</h2>
          <ul aria-label={t('shell.social')} className="mt-3 flex flex-wrap gap-3">
            {shell.menus.footer3.map((item) => (
              <li key={item.id}>
                <SocialLink item={item} />
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className={showSponsors ? 'bg-white text-slate-700' : 'border-t border-teal-800'}>
        <div className="mx-auto max-w-6xl px-4 py-6 text-sm">
          {showSponsors && footer.sponsors && (
            <section aria-label={t('shell.sponsors')} className="mb-4">
              <p>{footer.sponsors.description}</p>
              <ul className="mt-3 flex flex-wrap items-center gap-6">
                {footer.sponsors.logos.map((logo) => (
                  <li key={logo.mediaId}>
                    <a href={logo.url} rel="noopener noreferrer" target="_blank">
                      <img
                        src={mediaById(shell.apiKeyId, logo.mediaId, 'SmallSize', logo.name)}
                        alt={logo.name}
                        width={100}
                        height={40}
                        loading="lazy"
                        className="h-10 w-auto"
                      />
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          )}
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p>{footer.copyrightText}</p>
            <nav aria-label={t('shell.footerNavigation')}>
              <ul className="flex flex-wrap gap-4">
                {shell.menus.footer4.map((item) => (
                  <li key={item.id}>
                    <NavLink item={item} className="underline-offset-2 hover:underline" />
                  </li>
                ))}
                <li>
                  <a
                    href={localizedPath('cookieSettings', language)}
                    className="underline-offset-2 hover:underline"
                    data-testid="cookie-settings-link"
                  >
                    {t('consent.cookies.link')}
                  </a>
                </li>
              </ul>
            </nav>
          </div>
        </div>
      </div>
    </footer>
  );
}

function FooterColumn({ title, items }: { title: string; items: NavItem[] }) {
  return (
    <nav aria-label={title}>
      <h2 className="font-semibold text-white">{title}</h2>
      <ul className="mt-3 space-y-2 text-sm">
        {items.map((item) => (
          <li key={item.id}>
            <NavLink item={item} className="text-teal-100 hover:text-white hover:underline" />
          </li>
        ))}
      </ul>
    </nav>
  );
}
