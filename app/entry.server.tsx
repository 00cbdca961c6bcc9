import fs from 'node:fs';
import { PassThrough, Writable } from 'node:stream';
import islandClassTokens from 'virtual:island-class-tokens';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { renderToPipeableStream } from 'react-dom/server';
import type { EntryContext, ServerBuild } from 'react-router';
import {
  createRequestHandler as createRouterRequestHandler,
  RouterContextProvider,
  ServerRouter,
} from 'react-router';
import type { ContractCaller } from '../core/contract.ts';
import { InlineStylesheetContext } from './components/inline-stylesheet.tsx';
import './i18n/i18n.server.ts';
import { IslandComponentsContext } from './islands/island.tsx';
import { islandComponents } from './islands/islands.server.ts';
import {
  type AppSettings,
  appSettingsContext,
  contractCallerContext,
  cspNonceContext,
} from './lib/context.ts';
import { createPageStylesheet } from './lib/stylesheet-pruning.server.ts';

export const streamTimeout = 5_000;

/**
 * The server takes React Router's request handler from here rather than importing it itself, so that
 * the handler and the context class are one module instance (Vite's dev server loads its own copy).
 * In production the root's stylesheet goes inside every document (see `inlineRootStylesheet`).
 */
export function createRequestHandler(build: ServerBuild, mode?: string) {
  if (mode !== 'production') return createRouterRequestHandler(build, mode);
  const { build: withoutLinks, stylesheet } = inlineRootStylesheet(build);
  pageStylesheet = stylesheet === undefined ? undefined : createPageStylesheet(stylesheet, islandClassTokens);
  return createRouterRequestHandler(withoutLinks, mode);
}

/**
 * In production: each document gets the rules of the stylesheet it can use (docs/decisions/
 * 0566-inline-stylesheet-per-page.md). The document is rendered whole with a marker in the head, then
 * the marker is replaced.
 */
let pageStylesheet: ReturnType<typeof createPageStylesheet> | undefined;

/**
 * The whole stylesheet is about 9 KiB compressed: inside the document it costs no request before the
 * first paint (a round trip less on a slow mobile connection, docs/decisions/0121-inline-stylesheet.md).
 * The root route's CSS files are read once from the client build and left out of the manifest, so
 * neither the document nor a client navigation links them; the root layout renders the text.
 */
export function inlineRootStylesheet(build: ServerBuild): { build: ServerBuild; stylesheet?: string } {
  const root = build.assets.routes.root;
  if (!root?.css?.length) return { build };
  // The server build lives in <build>/server/, the client build (and its /assets/) in <build>/client/.
  const clientDirectory = new URL('../client/', import.meta.url);
  const stylesheet = root.css
    .map((href) => fs.readFileSync(new URL(`.${href}`, clientDirectory), 'utf8'))
    .join('\n');
  return {
    build: {
      ...build,
      assets: { ...build.assets, routes: { ...build.assets.routes, root: { ...root, css: [] } } },
    },
    stylesheet,
  };
}

/**
 * Called by the HTTP server for every page request. It lives in the build so that the context key
 * is the same object the loaders read.
 */
export function createLoadContext({
  call,
  settings,
  nonce,
}: {
  /** The API's handlers, called in-process as the visitor whose request is being rendered. */
  call: ContractCaller;
  settings: AppSettings;
  /** This response's Content-Security-Policy nonce: every script the document carries must have it. */
  nonce: string;
}) {
  const context = new RouterContextProvider();
  context.set(contractCallerContext, call);
  context.set(appSettingsContext, settings);
  context.set(cspNonceContext, nonce);
  return context;
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = loadContext.get(cspNonceContext) || undefined;
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const stylesheet = pageStylesheet;
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    // Crawlers get the complete document at once, and so does every visitor when the stylesheet is
    // inlined: the rules a document needs are known once all of it is rendered.
    const readyOption: keyof RenderToPipeableStreamOptions =
      stylesheet || (userAgent && isbot(userAgent)) || routerContext.isSpaMode
        ? 'onAllReady'
        : 'onShellReady';
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );
    const rendered = () => {
      clearTimeout(timeoutId);
      timeoutId = undefined;
    };
    const { pipe, abort } = renderToPipeableStream(
      <InlineStylesheetContext value={stylesheet?.marker}>
        <IslandComponentsContext value={islandComponents}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </IslandComponentsContext>
      </InlineStylesheetContext>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          if (stylesheet) {
            const chunks: Buffer[] = [];
            pipe(
              new Writable({
                write(chunk: Buffer, _encoding, callback) {
                  chunks.push(chunk);
                  callback();
                },
                final(callback) {
                  rendered();
                  try {
                    const html = stylesheet.apply(Buffer.concat(chunks));
                    resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
                  } catch (error) {
                    reject(error);
                  }
                  callback();
                },
              }),
            );
            return;
          }
          const body = new PassThrough({
            final(callback) {
              rendered();
              callback();
            },
          });
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
