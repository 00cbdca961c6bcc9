import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { renderToPipeableStream } from 'react-dom/server';
import type { EntryContext } from 'react-router';
import { RouterContextProvider, ServerRouter } from 'react-router';
import type { ContractCaller } from '../core/contract.ts';
import {
  type AppSettings,
  appSettingsContext,
  contractCallerContext,
  cspNonceContext,
} from './lib/context.ts';

export const streamTimeout = 5_000;

/**
 * The server takes React Router's request handler from here rather than importing it itself, so that
 * the handler and the context class are one module instance (Vite's dev server loads its own copy).
 */
export { createRequestHandler } from 'react-router';

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
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    // Crawlers get the complete document at once.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
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
