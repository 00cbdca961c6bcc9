import { createElement, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { serializeCookie } from '../core/cookies.ts';
import { isUiLanguage, languageOfPath } from '../core/languages.ts';
import { shouldReloadAfterChunkError } from '../core/toast.ts';
import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE_SECONDS } from '../core/visitor-cookies.ts';
import { loadTexts } from './i18n/react-i18next.client.ts';
import { IslandFrame } from './islands/frame.tsx';
import { ISLAND_TAG } from './islands/island.tsx';
import { isIslandName, islandLoaders } from './islands/registry.ts';
import { clearCartSessionInBrowser } from './lib/cart-session.ts';

/**
 * The browser's part of the page (docs/decisions/0180-islands.md): the server renders the whole
 * document and React Router's client runtime is not loaded; the interactive parts are islands, each
 * hydrated as a root of its own from the props the server wrote beside it. Once every island has
 * hydrated, `<html data-hydrated>` is set (end-to-end tests wait for it before they interact).
 */
const RELOAD_KEY = 'chunk-reload-at';

// Vite reports a failed dynamic import (an island's chunk of an older build) with this event.
window.addEventListener('vite:preloadError', (event) => {
  const last = Number(sessionStorage.getItem(RELOAD_KEY)) || null;
  if (!shouldReloadAfterChunkError(last, Date.now())) return;
  event.preventDefault();
  sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
  window.location.reload();
});

const hydrated = () => {
  document.documentElement.dataset.hydrated = 'true';
};

// A language link remembers the visitor's choice (the root redirect of `/` reads it) and ends the cart
// session: a cart belongs to one store and its currency.
document.addEventListener('click', (event) => {
  const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>('a[data-language]');
  const code = link?.dataset.language;
  if (!isUiLanguage(code)) return;
  // biome-ignore lint/suspicious/noDocumentCookie: a plain first-party cookie; the Cookie Store API is not everywhere yet
  document.cookie = serializeCookie(LANGUAGE_COOKIE, code, {
    maxAgeSeconds: LANGUAGE_COOKIE_MAX_AGE_SECONDS,
    secure: window.location.protocol === 'https:',
  });
  clearCartSessionInBrowser();
});

async function hydrateIslands() {
  const elements = Array.from(document.querySelectorAll<HTMLElement>(ISLAND_TAG));
  if (elements.length === 0) return hydrated();
  // The page language's texts and the islands' code load side by side.
  const [, components] = await Promise.all([
    loadTexts(languageOfPath(window.location.pathname)),
    Promise.all(
      elements.map((element) => {
        const name = element.dataset.island;
        return isIslandName(name) ? islandLoaders[name]() : Promise.resolve(null);
      }),
    ),
  ]);
  let waiting = elements.length;
  elements.forEach((element, index) => {
    let reported = false;
    // Once per island (StrictMode runs effects twice in development).
    const onHydrated = () => {
      if (reported) return;
      reported = true;
      waiting -= 1;
      if (waiting === 0) hydrated();
    };
    const component = components[index];
    if (!component) {
      console.error(`Unknown island "${element.dataset.island}"`);
      onHydrated();
      return;
    }
    const props = JSON.parse(element.dataset.props ?? '{}');
    hydrateRoot(
      element,
      <StrictMode>
        <IslandFrame id={element.dataset.id ?? ''} onHydrated={onHydrated}>
          {createElement(component as React.ComponentType<typeof props>, props)}
        </IslandFrame>
      </StrictMode>,
    );
  });
}

hydrateIslands();
