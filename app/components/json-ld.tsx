import { scriptSafeJson, type Thing } from '../lib/structured-data.ts';

/** One `application/ld+json` script per item; the JSON cannot close the script (scriptSafeJson). */
export function JsonLd({ data }: { data: Thing | Thing[] }) {
  return (
    <>
      {(Array.isArray(data) ? data : [data]).map((item) => (
        <script
          key={String(item['@type'])}
          type="application/ld+json"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: scriptSafeJson escapes '<', so nothing can close the script
          dangerouslySetInnerHTML={{ __html: scriptSafeJson(item) }}
        />
      ))}
    </>
  );
}
