import { use } from 'react';
import { UNSAFE_FrameworkContext as FrameworkContext } from 'react-router';

/**
 * The page's only script (instead of React Router's `<Scripts>`). In production it is one small
 * inline module that waits for the window's `load` event and then imports the island entry and every
 * module the entry imports, side by side (docs/decisions/0192-scripts-after-load.md): the document,
 * its stylesheet and its images have the connection and the main thread to themselves until the page
 * is painted, and the islands, whose server-rendered markup already works, hydrate right after. No
 * route modules, no loader data: the browser never runs the router (docs/decisions/0180-islands.md).
 * In development Vite's HMR runtime and the entry load at once.
 */
export function IslandScripts() {
  const framework = use(FrameworkContext);
  if (!framework) return null;
  const { manifest, nonce } = framework;
  const hmr = manifest.hmr?.runtime;
  const source = hmr
    ? `import ${JSON.stringify(hmr)};import ${JSON.stringify(manifest.entry.module)};`
    : afterLoad([...manifest.entry.imports, manifest.entry.module]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: our own build's URLs, serialized as JSON
  return <script type="module" nonce={nonce} dangerouslySetInnerHTML={{ __html: source }} />;
}

/**
 * How long the islands wait for the `load` event at most: an image that is slow to arrive (a large
 * one on a bad connection, a cold resize on the server) must not keep the page's controls inert.
 */
const MAX_WAIT_MS = 3000;

/**
 * Imports the modules once the page has loaded and its high-priority images (the largest one, which
 * is what LCP measures) are decoded and painted, or after `MAX_WAIT_MS` at the latest. An image that
 * has arrived is not painted until it is decoded, and the islands' evaluation and hydration competed
 * with that (docs/decisions/0290-islands-after-the-largest-paint.md): `decode()` of those images,
 * then one animation frame (the frame that paints them) and a task after it. The entry's own imports
 * are requested with it, not after it, so that they load in one round trip instead of a waterfall.
 * `<` is escaped so that no URL can close the script element.
 */
export function afterLoad(modules: readonly string[]): string {
  const list = JSON.stringify(modules).replaceAll('<', '\\u003c');
  return `let d=0;const l=()=>{if(d++)return;for(const m of ${list})import(m)},p=()=>Promise.all([...document.querySelectorAll("img[fetchpriority=high]")].map(i=>i.decode().catch(()=>{}))).then(()=>requestAnimationFrame(()=>setTimeout(l)));document.readyState==="complete"?p():addEventListener("load",p,{once:true});setTimeout(l,${MAX_WAIT_MS})`;
}
