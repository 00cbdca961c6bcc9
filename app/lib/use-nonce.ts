import { use } from 'react';
import { UNSAFE_FrameworkContext as FrameworkContext } from 'react-router';

/**
 * This response's Content-Security-Policy nonce, for the scripts a server component writes (JSON-LD
 * data blocks too: browsers do not run them, but every script of the document carries the nonce).
 */
export function useNonce(): string | undefined {
  return use(FrameworkContext)?.nonce;
}
