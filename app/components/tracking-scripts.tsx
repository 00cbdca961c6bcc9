import { useEffect } from 'react';
import type { ConsentCategory } from '../../core/cookie-consent.ts';
import { type TrackingIds, trackingScripts } from '../../core/tracking.ts';

/**
 * Adds the analytics, tag-manager and pixel scripts the visitor has accepted, in the browser only
 * and once each: accepting the banner adds them at once, without a reload.
 */
export function TrackingScripts({ ids, consent }: { ids: TrackingIds; consent: ConsentCategory[] | null }) {
  useEffect(() => {
    for (const script of trackingScripts(ids, consent)) {
      const id = `tracking-${script.id}`;
      if (document.getElementById(id)) continue;
      const element = document.createElement('script');
      element.id = id;
      element.dataset.consentCategory = script.category;
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
