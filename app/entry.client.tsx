import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { languageOfPath } from '../core/languages.ts';
import { shouldReloadAfterChunkError } from '../core/toast.ts';
import { loadLanguage } from './i18n/i18n.ts';

const RELOAD_KEY = 'chunk-reload-at';

// Vite reports a failed dynamic import (a chunk of an older build) with this event.
window.addEventListener('vite:preloadError', (event) => {
  const last = Number(sessionStorage.getItem(RELOAD_KEY)) || null;
  if (!shouldReloadAfterChunkError(last, Date.now())) return;
  event.preventDefault();
  sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
  window.location.reload();
});

// Only the page's language is downloaded; the server-rendered page stays usable while it loads.
loadLanguage(languageOfPath(window.location.pathname)).then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});
