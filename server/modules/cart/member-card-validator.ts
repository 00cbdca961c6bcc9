/**
 * The external member card validator (decision 0255): what a configured `MEMBER_CARD_VALIDATOR_URL`
 * says about a barcode. The request is `POST {url}` with `{"barcode": "…", "siteId": n}` as JSON; a
 * 2xx answer `{"valid": true|false}` decides, a 404 means no such card. Anything else (another
 * status, a body without `valid`, a network error, no answer within the timeout) is `unavailable`:
 * the caller says so to the shopper instead of waiting or guessing.
 */
export type MemberCardVerdict = 'valid' | 'invalid' | 'unavailable';

export type MemberCardValidator = (siteId: number, barcode: string) => Promise<MemberCardVerdict>;

export function httpMemberCardValidator(url: string, timeoutMs: number): MemberCardValidator {
  return async (siteId, barcode) => {
    try {
      // The signal also bounds reading the body: a validator that sends headers and then stalls.
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ barcode, siteId }),
        redirect: 'error',
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) {
        await response.body?.cancel().catch(() => {});
        return response.status === 404 ? 'invalid' : 'unavailable';
      }
      const body = (await response.json()) as unknown;
      const valid =
        typeof body === 'object' && body !== null ? (body as { valid?: unknown }).valid : undefined;
      return typeof valid === 'boolean' ? (valid ? 'valid' : 'invalid') : 'unavailable';
    } catch {
      return 'unavailable';
    }
  };
}
