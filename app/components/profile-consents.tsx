import { useTranslation } from 'react-i18next';
import type { UiLanguage } from '../../core/languages.ts';
import { formatDate } from '../../core/money.ts';
import type { ConsentLedgerRecord } from '../../server/modules/consent/consent.contract.ts';
import { AdminTable } from './admin/admin-table.tsx';

/** The form field that tells the profile's action a consent is being withdrawn. */
export const WITHDRAW_INTENT = 'withdrawConsent';

const sourceKey = (source: string) => `consent.sources.${source}` as const;

/**
 * The user's consents on the profile (GDPR Art. 7(3)): each given one with a single withdraw button
 * (a plain form post, no JavaScript needed), and the log of every record below.
 */
export function ProfileConsents({
  language,
  given,
  log,
  outcome,
  action,
}: {
  language: UiLanguage;
  given: ConsentLedgerRecord[];
  log: ConsentLedgerRecord[];
  outcome: 'withdrawn' | 'failed' | null;
  action: string;
}) {
  const { t, i18n } = useTranslation();
  const source = (value: string) => (i18n.exists(sourceKey(value)) ? t(sourceKey(value)) : value);
  const when = (value: string) => formatDate(value, language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <div data-testid="my-consents">
      <p className="text-slate-700">{t('consent.profile.intro')}</p>
      {outcome ? (
        <p
          role={outcome === 'failed' ? 'alert' : 'status'}
          className={`mt-3 rounded-lg px-4 py-3 ${outcome === 'failed' ? 'bg-red-50 text-red-800' : 'bg-teal-50 text-teal-900'}`}
          data-testid="consent-outcome"
        >
          {outcome === 'failed' ? t('consent.errors.failedConsentLog') : t('consent.profile.withdrawn')}
        </p>
      ) : null}
      {given.length === 0 ? (
        <p className="mt-4 text-slate-700" data-testid="consents-empty">
          {t('consent.profile.empty')}
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200">
          {given.map((record) => (
            <li
              key={record.consentId}
              className="flex flex-wrap items-center justify-between gap-3 px-4 py-3"
              data-testid="given-consent"
              data-consent-id={record.consentId}
            >
              <div>
                <p className="font-medium text-slate-900">
                  {record.displayName}{' '}
                  <span className="text-sm font-normal text-slate-600">
                    ({record.uniqueNumber}, {t('consent.profile.version', { version: record.version })})
                  </span>
                </p>
                <p className="text-sm text-slate-700">
                  {t('consent.profile.givenOn', {
                    date: when(record.createdAt),
                    source: source(record.source),
                  })}
                </p>
              </div>
              <form method="post" action={action}>
                <input type="hidden" name="intent" value={WITHDRAW_INTENT} />
                <input type="hidden" name="consentId" value={record.consentId} />
                <button
                  type="submit"
                  aria-label={t('consent.profile.withdrawLabel', { name: record.displayName })}
                  className="rounded-full border border-red-700 px-4 py-1.5 text-sm font-medium text-red-800 hover:bg-red-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-teal-700 focus-visible:ring-offset-2"
                  data-testid="withdraw-consent"
                >
                  {t('consent.profile.withdraw')}
                </button>
              </form>
            </li>
          ))}
        </ul>
      )}
      {log.length > 0 ? (
        <>
          <h3 className="mt-6 text-lg font-semibold text-slate-900">{t('consent.profile.historyTitle')}</h3>
          <AdminTable
            caption={t('consent.profile.historyCaption')}
            testId="consent-log"
            rows={log}
            rowKey={(record) => record.id}
            rowProps={(record) => ({
              'data-testid': 'consent-log-row',
              'data-status': record.status,
              'data-consent-id': record.consentId,
            })}
            columns={[
              {
                id: 'date',
                header: t('consent.profile.date'),
                cell: (record) => <time dateTime={record.createdAt}>{when(record.createdAt)}</time>,
              },
              {
                id: 'consent',
                header: t('consent.profile.consent'),
                rowHeader: true,
                cell: (record) =>
                  `${record.displayName} (${t('consent.profile.version', { version: record.version })})`,
              },
              {
                id: 'status',
                header: t('consent.profile.statusLabel'),
                cell: (record) => t(`consent.status.${record.status}`),
              },
              { id: 'source', header: t('consent.profile.source'), cell: (record) => source(record.source) },
            ]}
          />
        </>
      ) : null}
    </div>
  );
}
