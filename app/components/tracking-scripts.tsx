import { useEffect } from 'react';
import type { ConsentCategory } from '../../core/cookie-consent.ts';
import type { TrackingIds, TrackingScript } from '../../core/tracking.ts';

/**
 * Adds the analytics, tag-manager and pixel scripts the visitor has accepted, in the browser only
 * and once each: accepting the banner adds them at once, without a reload.
 */
export function TrackingScripts({ ids, consent }: { ids: TrackingIds; consent: ConsentCategory[] | null }) {
  useEffect(() => {
    // Nothing configured or nothing accepted: the snippets' code is not even downloaded (its own chunk).
    if (!consent?.some((category) => category !== 'necessary')) return;
    if (!Object.values(ids).some(Boolean)) return;
    let cancelled = false;
    import('../../core/tracking.ts').then(({ trackingScripts }) => {
      if (!cancelled) addScripts(trackingScripts(ids, consent));
    });
    return () => {
      cancelled = true;
    };
  }, [ids, consent]);
  return null;
}

function addScripts(scripts: TrackingScript[]) {
  // The document's scripts carry the Content-Security-Policy nonce (browsers hide the attribute but
  // keep the property); the scripts added here carry it too.
  const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce;
  for (const script of scripts) {
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
}
