import { useTranslation } from 'react-i18next';

/**
 * The back office's frame: a dark bar naming the administration above the screen. The admin panel's
 * screens (consents, templates, caches) arrive later and render inside it.
 */
export function AdminLayout({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <main id="main" className="min-h-[60vh] bg-slate-50">
      <div className="bg-slate-900 text-white">
        <p className="mx-auto max-w-6xl px-4 py-3 text-sm font-semibold uppercase tracking-wide">
          {t('profile.admin.title')}
        </p>
      </div>
      <div className="mx-auto max-w-6xl px-4 py-10">{children}</div>
    </main>
  );
}
