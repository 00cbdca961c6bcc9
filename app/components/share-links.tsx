import { useTranslation } from 'react-i18next';

/** Share addresses of the two networks the blog offers; `url` must be absolute. */
export function shareUrls(url: string, title: string) {
  return [
    {
      network: 'Facebook',
      href: `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`,
    },
    {
      network: 'X',
      href: `https://x.com/intent/post?url=${encodeURIComponent(url)}&text=${encodeURIComponent(title)}`,
    },
  ] as const;
}

const icons = {
  Facebook: (
    <path d="M13.5 21v-7.5h2.5l.4-3h-2.9V8.6c0-.9.3-1.5 1.5-1.5h1.5V4.4c-.3 0-1.2-.1-2.2-.1-2.2 0-3.8 1.4-3.8 3.9v2.3H8v3h2.5V21h3z" />
  ),
  X: (
    <path d="M17.8 3h3.1l-6.8 7.7L22 21h-6.2l-4.9-6.4L5.3 21H2.2l7.2-8.3L2 3h6.4l4.4 5.8L17.8 3zm-1.1 16.2h1.7L7.4 4.7H5.6l11.1 14.5z" />
  ),
};

/** Links that open a network's share dialog for this page in a new tab. */
export function ShareLinks({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="share-heading" className="flex flex-wrap items-center gap-3">
      <h2 id="share-heading" className="text-sm font-semibold uppercase tracking-wide text-slate-600">
        {t('content.share')}
      </h2>
      <ul className="flex gap-2">
        {shareUrls(url, title).map(({ network, href }) => (
          <li key={network}>
            <a
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              className="flex h-10 w-10 items-center justify-center rounded-full bg-teal-700 text-white transition hover:bg-teal-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700"
            >
              <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="currentColor">
                {icons[network]}
              </svg>
              <span className="sr-only">{t('content.shareOn', { network })}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
