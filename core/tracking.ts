import type { ConsentCategory } from './cookie-consent.ts';

/** Tracking identifiers from the site options (GoogleAnalyticsId, GoogleTagManagerId, FacebookPixelId). */
export type TrackingIds = {
  googleAnalyticsId?: unknown;
  googleTagManagerId?: unknown;
  facebookPixelId?: unknown;
};

export type TrackingScript = {
  id: string;
  category: Exclude<ConsentCategory, 'necessary'>;
  /** External script to load, if any. */
  src?: string;
  /** Inline bootstrap code; built only from identifiers that passed the patterns below. */
  code?: string;
};

// Identifiers go into script URLs and code, so only their documented shapes are accepted.
const patterns = {
  googleAnalyticsId: /^(G|UA|AW)-[A-Z0-9-]{4,20}$/,
  googleTagManagerId: /^GTM-[A-Z0-9]{4,12}$/,
  facebookPixelId: /^[0-9]{6,20}$/,
};

const valid = (key: keyof typeof patterns, value: unknown): string | null =>
  typeof value === 'string' && patterns[key].test(value.trim()) ? value.trim() : null;

/**
 * The analytics, tag-manager and pixel scripts the visitor's consent allows: Google Analytics needs
 * `analytics`; the tag manager and the Facebook pixel need `marketing`. Nothing loads before consent.
 */
export function trackingScripts(
  ids: TrackingIds,
  consent: readonly ConsentCategory[] | null,
): TrackingScript[] {
  if (!consent) return [];
  const scripts: TrackingScript[] = [];
  const ga = valid('googleAnalyticsId', ids.googleAnalyticsId);
  if (ga && consent.includes('analytics')) {
    scripts.push({
      id: 'ga-lib',
      category: 'analytics',
      src: `https://www.googletagmanager.com/gtag/js?id=${ga}`,
    });
    scripts.push({
      id: 'ga-init',
      category: 'analytics',
      code: `window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments);}gtag('js',new Date());gtag('config','${ga}',{anonymize_ip:true});`,
    });
  }
  const gtm = valid('googleTagManagerId', ids.googleTagManagerId);
  if (gtm && consent.includes('marketing')) {
    scripts.push({
      id: 'gtm-init',
      category: 'marketing',
      code: `window.dataLayer=window.dataLayer||[];window.dataLayer.push({'gtm.start':Date.now(),event:'gtm.js'});`,
    });
    scripts.push({
      id: 'gtm-lib',
      category: 'marketing',
      src: `https://www.googletagmanager.com/gtm.js?id=${gtm}`,
    });
  }
  const pixel = valid('facebookPixelId', ids.facebookPixelId);
  if (pixel && consent.includes('marketing')) {
    scripts.push({
      id: 'fb-pixel',
      category: 'marketing',
      code: `!function(f,b,e,v,n,t,s){if(f.fbq)return;n=f.fbq=function(){n.callMethod?n.callMethod.apply(n,arguments):n.queue.push(arguments)};if(!f._fbq)f._fbq=n;n.push=n;n.loaded=!0;n.version='2.0';n.queue=[];t=b.createElement(e);t.async=!0;t.src=v;s=b.getElementsByTagName(e)[0];s.parentNode.insertBefore(t,s)}(window,document,'script','https://connect.facebook.net/en_US/fbevents.js');fbq('init','${pixel}');fbq('track','PageView');`,
    });
  }
  return scripts;
}
