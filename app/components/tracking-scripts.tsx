import { useEffect } from 'react';
import type { ConsentCategory } from '../../core/cookie-consent.ts';
import { type TrackingIds, trackingScripts } from '../../core/tracking.ts';

/**
 * Adds the analytics, tag-manager and pixel scripts the visitor has accepted, in the browser only
 * and once each: accepting the banner adds them at once, without a reload.
 */
export function TrackingScripts({ ids, consent }: { ids: TrackingIds; consent: ConsentCategory[] | null }) {
  useEffect(() => {
    // The document's scripts carry the Content-Security-Policy nonce (browsers hide the attribute but
    // keep the property); the scripts added here carry it too.
    const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce;
    for (const script of trackingScripts(ids, consent)) {
      const id = `tracking-${script.id}`;
      if (document.getElementById(id)) continue;
      const element = document.createElement('script');
      element.id = id;
      element.dataset.consentCategory = script.category;
      if (nonce) element.nonce = nonce;
      if (script.src) {
        element.async = true;
        element.src = script.src;
      } else if (script.code) {
        element.text = script.code;
      }
      document.head.appendChild(element);
    }
  }, [ids, consent]);
  return null;
}
