import { createContext, use } from 'react';

/** The stylesheet's text, set by the server in production (entry.server) and absent elsewhere. */
export const InlineStylesheetContext = createContext<string | undefined>(undefined);

const ELEMENT_ID = 'inline-stylesheet';

// The browser renders what the server sent, so the element is the same before and after hydration
// (and never emptied by a later render) without the stylesheet travelling in the JavaScript too.
const fromDocument =
  typeof document === 'undefined'
    ? undefined
    : (document.getElementById(ELEMENT_ID)?.textContent ?? undefined);

/**
 * The whole stylesheet inside the document's head in production (no request before the first
 * paint); in development Vite links it as usual. No nonce: the policy's style-src allows inline
 * styles (server/http/security-headers.ts).
 */
export function InlineStylesheet() {
  const stylesheet = use(InlineStylesheetContext) ?? fromDocument;
  if (stylesheet === undefined) return null;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the build's own stylesheet, read from disk
  return <style id={ELEMENT_ID} dangerouslySetInnerHTML={{ __html: stylesheet }} />;
}
