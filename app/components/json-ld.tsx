import { scriptSafeJson, type Thing } from '../lib/structured-data.ts';
import { useNonce } from '../lib/use-nonce.ts';

/** One `application/ld+json` script per item; the JSON cannot close the script (scriptSafeJson). */
export function JsonLd({ data }: { data: Thing | Thing[] }) {
  const nonce = useNonce();
  return (
    <>
      {(Array.isArray(data) ? data : [data]).map((item) => (
        <script
          key={String(item['@type'])}
          type="application/ld+json"
          nonce={nonce}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: scriptSafeJson escapes '<', so nothing can close the script
          dangerouslySetInnerHTML={{ __html: scriptSafeJson(item) }}
        />
      ))}
    </>
  );
}
