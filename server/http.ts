import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { TrieRouter } from 'hono/router/trie-router';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ServerBuild } from 'react-router';
import type { ContractCaller } from '../core/contract.ts';
import { isHostHeader } from '../core/host-header.ts';
import { MEDIA_PUT_PATH_PREFIX, MEDIA_UPLOAD_PATH } from '../core/media-library.ts';
import { routeTable } from '../core/route-table.ts';
import { type ApiEnv, createApiRouter } from './api/api-router.ts';
import { contextMiddleware, resolveRequestContext } from './api/context-middleware.ts';
import { createContractRouter } from './api/contract-router.ts';
import { inputDataException } from './api/database-errors.ts';
import { renderApiDocsPage } from './api/docs-page.ts';
import { ApiError, errorBody } from './api/errors.ts';
import { createInProcessCaller } from './api/in-process-caller.ts';
import { createRateCounter, rateLimit, rateLimited } from './api/rate-limit.ts';
import type { Deps } from './api/request-context.ts';
import type { DatabaseHandle } from './db/client.ts';
import { rateLimitKey, resolveClientAddress } from './http/client-address.ts';
import { compression } from './http/compression.ts';
import { isCrossOriginWrite, isSafeMethod } from './http/cross-origin.ts';
import { createFastLane, fastLaneOf, registerFastLane } from './http/fast-lane.ts';
import { idempotency } from './http/idempotency.ts';
import { createMethodTable, createWriteTable } from './http/method-table.ts';
import { createPageCache } from './http/page-cache.ts';
import { requestIdFor } from './http/request-id.ts';
import {
  baseSecurityHeaders,
  createNonce,
  documentCsp,
  resourceCsp,
  securityHeaderOptions,
  staticPageCsp,
} from './http/security-headers.ts';
import type { Logger } from './logger.ts';
import { redactText } from './logger.ts';
import { cachesRoutes } from './modules/caches/caches.routes.ts';
import { createCachesService } from './modules/caches/caches.service.ts';
import { captchaRoutes } from './modules/captcha/captcha.routes.ts';
import { createCaptchaService } from './modules/captcha/captcha.service.ts';
import { cartRoutes } from './modules/cart/cart.routes.ts';
import { createCartService } from './modules/cart/cart.service.ts';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.ts';
import { createCatalogueService } from './modules/catalogue/catalogue.service.ts';
import { productStockRoutes } from './modules/catalogue/product-stock.routes.ts';
import { pgSuccess } from './modules/checkout/checkout.contract.ts';
import { checkoutRoutes } from './modules/checkout/checkout.routes.ts';
import { createCheckoutService } from './modules/checkout/checkout.service.ts';
import {
  bankTransferAdapter,
  bankTransferReference,
  cashOnDeliveryAdapter,
  createPaymentRegistry,
} from './modules/checkout/payments/adapter.ts';
import { isAllowListed, receiveProviderWebhook } from './modules/checkout/payments/provider-webhook.ts';
import { type RecurringPlan, sandboxAdapters } from './modules/checkout/payments/sandbox-adapters.ts';
import { cmsRoutes } from './modules/cms/cms.routes.ts';
import { createCmsContentService } from './modules/cms/cms-content.service.ts';
import { createFinderService } from './modules/cms/finder.service.ts';
import { navigationEditorRoutes } from './modules/cms/navigation-editor.routes.ts';
import { createNavigationEditorService } from './modules/cms/navigation-editor.service.ts';
import { pageEditorRoutes } from './modules/cms/page-editor.routes.ts';
import { createPageEditorService } from './modules/cms/page-editor.service.ts';
import { createShellService } from './modules/cms/shell.service.ts';
import { consentRoutes } from './modules/consent/consent.routes.ts';
import { createConsentService } from './modules/consent/consent.service.ts';
import { cookieConsentRoutes } from './modules/consent/cookie-consent.routes.ts';
import { devtoolsRoutes } from './modules/devtools/devtools.routes.ts';
import { createDevtoolsService } from './modules/devtools/devtools.service.ts';
import { engagementRoutes } from './modules/engagement/engagement.routes.ts';
import { createEngagementService } from './modules/engagement/engagement.service.ts';
import { eventsRoutes } from './modules/events/events.routes.ts';
import { createEventsService } from './modules/events/events.service.ts';
import { formsRoutes } from './modules/forms/forms.routes.ts';
import { createFormsService } from './modules/forms/forms.service.ts';
import { createFormsAdminService } from './modules/forms/forms-admin.service.ts';
import { createMailService } from './modules/mail/mail.service.ts';
import { mailAdminRoutes } from './modules/mail/mail-admin.routes.ts';
import { createMailAdminService } from './modules/mail/mail-admin.service.ts';
import { marketingRoutes } from './modules/marketing/marketing.routes.ts';
import { createNewsletterService } from './modules/marketing/newsletter.service.ts';
import { mediaRoutes } from './modules/media/media.routes.ts';
import { mediaLibraryRoutes, mediaPutHandler } from './modules/media/media-library.routes.ts';
import { createMediaLibraryService } from './modules/media/media-library.service.ts';
import { createBankTransferService } from './modules/payments/bank-transfer.service.ts';
import {
  isProviderWebhookPath,
  paymentContractRoutes,
  paymentRoutes,
} from './modules/payments/payments.routes.ts';
import { createPaymentsService } from './modules/payments/payments.service.ts';
import type { WebhookDelivery } from './modules/payments/sandbox-gateway.service.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import { createSearchService } from './modules/search/search.service.ts';
import { seoRoutes } from './modules/seo/sitemap.routes.ts';
import { siteRoutes } from './modules/site/site.routes.ts';
import { createSiteService } from './modules/site/site.service.ts';
import { instagramRoutes } from './modules/social/instagram.routes.ts';
import { createInstagramService } from './modules/social/instagram.service.ts';
import { createAccountsService } from './modules/users/accounts.service.ts';
import { profileRoutes } from './modules/users/profile.routes.ts';
import { createProfileService } from './modules/users/profile.service.ts';
import { createSessionService } from './modules/users/session.service.ts';
import { socialRoutes } from './modules/users/social.routes.ts';
import { createSocialLoginService } from './modules/users/social-login.service.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { requireBackofficeUser } from './modules/users/users.service.ts';
import { wishlistRoutes } from './modules/wishlist/wishlist.routes.ts';
import { createWishlistService } from './modules/wishlist/wishlist.service.ts';

export type HttpDeps = Deps & {
  database: DatabaseHandle;
  /** Resolves the React Router server build (a fixed import in production, Vite's in development). */
  getServerBuild?: () => Promise<ServerBuild>;
};

/** Bodies from this size go gzipped to clients that take it. */
const COMPRESS_THRESHOLD = 1024;
/** A log line keeps this much of a path and query; a 100 kB query says nothing more. */
const MAX_LOGGED_PATH = 2048;
/** Request headers a browser on an allowed origin may send to the API (the specification's and ours). */
const CORS_REQUEST_HEADERS =
  'Content-Type, Accept, Language, StoreId, SiteId, ApiKey, AccessToken, RefreshToken, Authorization, Idempotency-Key, X-Request-Id';
/** Query parameters that may carry secrets and are blanked in logs. */
const SECRET_PARAMS = /([?&](?:token|accessToken|refreshToken|code|password|protectCode|email)=)[^&]*/gi;

export function createServices(deps: Deps, options: { deliverWebhook?: WebhookDelivery } = {}) {
  const sites = createSiteService(deps);
  const cms = createCmsContentService(deps);
  const sessions = createSessionService(deps);
  const mail = createMailService(deps);
  const consents = createConsentService(deps);
  const captcha = createCaptchaService(deps);
  const cart = createCartService(deps, sites);
  const payments = createPaymentsService(deps, {
    deliver: options.deliverWebhook ?? deliverOverHttp(deps.config.PAYMENT_WEBHOOK_TIMEOUT_MS),
  });
  const checkout = createCheckoutService(
    deps,
    {
      cart,
      sites,
      consents,
      mail,
      // Read before the order's transaction (on PGlite a read outside it would wait for it).
      recurringPlans: async (siteId) => {
        const rule = await subscriptionPlansOf(sites, siteId);
        return (lines) => rule({ lines });
      },
    },
    createPaymentRegistry([
      cashOnDeliveryAdapter,
      bankTransferAdapter,
      ...sandboxAdapters(payments, {
        recurringPlan: (order) => recurringPlanOf(sites, order),
      }),
    ]),
  );
  const accounts = createAccountsService(deps, {
    sessions,
    mail,
    consents,
    captcha,
    siteOption: async (ctx, name) => (await sites.options(ctx.site.id, [name]))[0]?.value,
  });
  return {
    sites,
    captcha,
    newsletter: createNewsletterService(deps, { mail, captcha }),
    catalogue: createCatalogueService(deps),
    cms,
    shell: createShellService(deps, cms, sites),
    finder: createFinderService(deps),
    events: createEventsService(deps),
    search: createSearchService(deps),
    sessions,
    mail,
    consents,
    accounts,
    social: createSocialLoginService(deps, { sessions, accounts }),
    // The profile's order history (GET /v1/user/web/orders) reads the checkout's orders.
    profile: createProfileService(deps, sites, async (ctx, userId, page) => {
      const { orders, total } = await checkout.orderHistory(ctx, page, 10, { userId, live: true });
      return {
        total,
        orders: orders.map((order) => ({
          id: order.id,
          createdAt: order.createdAt,
          state: order.state === 'active' ? 'active' : 'pending',
          grandTotal: order.details.grandTotal,
          currency: order.details.currency,
          itemImages: order.itemImages,
          itemCount: order.itemCount,
        })),
      };
    }),
    cart,
    checkout,
    wishlist: createWishlistService(deps),
    engagement: createEngagementService(deps, sites, captcha),
    forms: createFormsService(deps, { consents, captcha, mail, sites }),
    formsAdmin: createFormsAdminService(deps),
    mediaLibrary: createMediaLibraryService(deps, (siteId, key) => sites.option(siteId, key)),
    pageEditor: createPageEditorService(deps),
    navigationEditor: createNavigationEditorService(deps),
    instagram: createInstagramService(deps, sites),
    devtools: createDevtoolsService(deps, sites, { forcedDomain: deps.config.DEV_FORCE_DOMAIN }),
    payments,
    mailAdmin: createMailAdminService(deps, mail),
    caches: createCachesService(deps),
  };
}

/**
 * Whether an order is a subscription: its one line is a product the site option `SubscriptionPlans`
 * lists (`{"taxCountry": "HR", "vatRate": 25, "products": {"<product id>": "month" | "year"}}`).
 */
async function recurringPlanOf(
  sites: ReturnType<typeof createSiteService>,
  order: { siteId: number; lines: { productId: number | null }[] },
): Promise<RecurringPlan | null> {
  return (await subscriptionPlansOf(sites, order.siteId))(order);
}

/** The site's plan rule, read once: which single-line orders are subscriptions and their tax. */
async function subscriptionPlansOf(sites: ReturnType<typeof createSiteService>, siteId: number) {
  const option = await sites.option<{
    taxCountry?: string;
    vatRate?: number;
    products?: Record<string, string>;
  }>(siteId, 'SubscriptionPlans');
  return (order: { lines: { productId: number | null }[] }): RecurringPlan | null => {
    const [line] = order.lines;
    if (order.lines.length !== 1 || !line?.productId) return null;
    const interval = option?.products?.[String(line.productId)];
    if (interval !== 'month' && interval !== 'year') return null;
    return {
      interval,
      taxCountry: /^[A-Z]{2}$/.test(option?.taxCountry ?? '') ? option!.taxCountry! : 'HR',
      vatRate:
        typeof option?.vatRate === 'number' && option.vatRate >= 0 && option.vatRate < 100
          ? option.vatRate
          : 25,
    };
  };
}

/** A webhook sent to another server (a provider's events to a shop elsewhere): plain HTTP, bounded. */
function deliverOverHttp(timeoutMs: number): WebhookDelivery {
  return async (url, body, headers) => {
    const response = await fetch(url, {
      method: 'POST',
      body,
      headers,
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body?.cancel();
    return response.status;
  };
}

export type Services = ReturnType<typeof createServices>;

// biome-ignore lint/suspicious/noExplicitAny: Hono's fetch takes environment bindings of any shape
type FetchHandler = (request: Request, env?: any) => Response | Promise<Response>;

function socketAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    // app.request() in tests has no socket.
    return undefined;
  }
}

/** The 405 of the API: the path exists, the method does not. */
function methodNotAllowed(allowed: string[]) {
  return new ApiError(405, 'METHOD_NOT_ALLOWED', `This path answers ${allowed.join(', ')}.`);
}

/**
 * The node:http listener for the app. Node-server's Request and Response replace the global ones
 * (its default): its light request object is then a real `Request`, which body limits, React
 * Router and `new Request(request, …)` need (with the globals kept, any request without
 * Content-Length failed with 500).
 */
export function createNodeListener(app: { fetch: FetchHandler }, options: { fastLane?: boolean } = {}) {
  const listener = getRequestListener(app.fetch, {
    // A request node-server cannot turn into a `Request` (a GET with a body, a malformed Host) never
    // reaches the app; it still gets the API's error format.
    errorHandler: (error) => {
      // node-server's own refusal, or a Host that makes the request URL invalid (`1.4813211764936762`).
      const malformed =
        (error as Error | undefined)?.name === 'RequestError' ||
        (error as NodeJS.ErrnoException | undefined)?.code === 'ERR_INVALID_URL';
      const failure = malformed
        ? new ApiError(400, 'BAD_REQUEST', 'The request is malformed.')
        : new ApiError(500, 'INTERNAL_ERROR', 'An unexpected error occurred.');
      return Response.json(errorBody(failure), { status: failure.status });
    },
  });
  // The app's fast lane (server/http/fast-lane.ts) answers what it can before node-server builds a
  // Request; everything else goes to the app.
  const lane = options.fastLane === false ? undefined : fastLaneOf(app);
  if (!lane) return listener;
  return (req: IncomingMessage, res: ServerResponse) =>
    lane(req, res, () => {
      listener(req, res);
    });
}

/** The request line of the log: method, path (redacted, bounded), status and time. */
function logRequestLine(
  logger: Logger,
  requestId: string,
  method: string,
  pathAndQuery: string,
  status: number,
  started: number,
) {
  logger.info(
    {
      reqId: requestId,
      method,
      path: redactText(pathAndQuery.slice(0, MAX_LOGGED_PATH).replace(SECRET_PARAMS, '$1[redacted]')),
      status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    },
    'request',
  );
}

/**
 * The API's answer to anything a route throws: its own errors as they are, Hono's refusals (< 500)
 * in the API's format, a value the database refused as 400, anything else as a logged 500.
 */
function errorAnswer(logger: Logger, error: unknown, requestId: string | undefined) {
  if (error instanceof ApiError) return { status: error.status, body: errorBody(error) };
  if (error instanceof HTTPException && error.status < 500) {
    const apiError = new ApiError(
      error.status,
      error.status === 413 ? 'PAYLOAD_TOO_LARGE' : 'HTTP_ERROR',
      error.message || 'Request rejected.',
    );
    return { status: apiError.status, body: errorBody(apiError) };
  }
  // A value the database refused that validation should have refused first: the client still gets
  // a 400, and the log says which gap to close.
  if (inputDataException(error)) {
    logger.error({ reqId: requestId, err: error }, 'a value reached the database unvalidated');
    return {
      status: 400 as const,
      body: errorBody(new ApiError(400, 'INVALID_VALUE', 'A value in the request is not valid.')),
    };
  }
  logger.error({ reqId: requestId, err: error }, 'unhandled error');
  return {
    status: 500 as const,
    body: errorBody(new ApiError(500, 'INTERNAL_ERROR', 'An unexpected error occurred.')),
  };
}

export function createHttpApp(deps: HttpDeps) {
  const { config, logger, cache, database } = deps;
  const app = new Hono<ApiEnv>();
  // The sandbox gateway's webhooks to this shop (a path) go through this app in-process: the full
  // HTTP handling of a provider's request, without a network hop to the process's own address.
  const services = createServices(deps, {
    deliverWebhook: async (url, body, headers) => {
      if (!url.startsWith('/')) return deliverOverHttp(config.PAYMENT_WEBHOOK_TIMEOUT_MS)(url, body, headers);
      const response = await app.request(url, { method: 'POST', body, headers });
      await response.body?.cancel();
      return response.status;
    },
  });
  const securityOptions = securityHeaderOptions(config);
  const securityHeaders = baseSecurityHeaders(securityOptions);
  /** Other origins allowed to call the API and post forms: the configured ones and the public URL. */
  const trustedOrigins = [
    ...config.CORS_ORIGINS,
    ...(config.PUBLIC_URL ? [new URL(config.PUBLIC_URL).origin] : []),
  ];

  app.use(async (c, next) => {
    const incoming = c.req.header('x-request-id');
    const requestId = requestIdFor(incoming);
    c.set('requestId', requestId);
    const started = logger.isLevelEnabled('info') ? performance.now() : 0;
    // Every response: the request id and the hardening headers, unless the route set its own value.
    // Behind node:http they go on the socket's response before the app runs (a header the route sets
    // wins when node-server writes the head): putting them into every Response's Headers object cost
    // about a quarter of a small request.
    const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
    if (outgoing) {
      outgoing.setHeader('X-Request-Id', requestId);
      for (const [name, value] of securityHeaders) outgoing.setHeader(name, value);
      outgoing.setHeader('Content-Security-Policy', resourceCsp);
    }
    await next();
    // A 304 carries no policy: the browser keeps the one of its copy (a cached page's has that copy's nonce).
    if (outgoing) {
      if (c.res.status === 304) outgoing.removeHeader('Content-Security-Policy');
    } else {
      const headers = c.res.headers;
      headers.set('x-request-id', requestId);
      for (const [name, value] of securityHeaders) if (!headers.has(name)) headers.set(name, value);
      if (!headers.has('content-security-policy') && c.res.status !== 304)
        headers.set('Content-Security-Policy', resourceCsp);
    }
    if (!logger.isLevelEnabled('info')) return;
    const pathAndQuery = c.req.url.replace(/^[a-z]+:\/\/[^/]*/i, '');
    logRequestLine(logger, requestId, c.req.method, pathAndQuery, c.res.status, started);
  });

  // Documents, JSON and XML of 1 KiB or more go out gzipped when the client takes it (the client build
  // is compressed ahead of time by static-files.ts).
  app.use(compression({ threshold: COMPRESS_THRESHOLD }));

  app.onError((error, c) => {
    const { status, body } = errorAnswer(logger, error, c.get('requestId'));
    // A limit that says how long to wait (failed logins).
    const retryAfter = (error as { retryAfter?: unknown }).retryAfter;
    if (typeof retryAfter === 'number' && status === 429) c.header('Retry-After', String(retryAfter));
    return c.json(body, status as ContentfulStatusCode);
  });

  // A Host header that makes the request URL invalid (`900453299293966300000`, an IPv4 number out of
  // range) passes the HTTP parser, but anything that builds a `Request` or a `URL` from it (a body
  // read, React Router) would throw; one with a `/`, `\`, `?`, `#` or `@` (`41\%UG?M `) makes a URL
  // whose path is not the one requested (`/%UG?M /api/…`), so an API call would get a page's 404.
  // Both refused once, here, for every path, in the API's error format (RFC 9112 §3.2: 400).
  app.use(async (c, next) => {
    const host = c.req.header('host');
    if ((host !== undefined && !isHostHeader(host)) || !URL.canParse(c.req.url)) {
      throw new ApiError(400, 'BAD_REQUEST', 'The Host header is malformed.');
    }
    return next();
  });

  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  app.get('/readyz', async (c) => {
    const [databaseState, cacheState] = await Promise.all([
      database.ping().then(
        () => 'ok' as const,
        () => 'unreachable' as const,
      ),
      // Bounded: the cache answers its ping within its command timeout, reachable or not.
      cache.ping().then(
        () => 'ok' as const,
        () => 'unreachable' as const,
      ),
    ]);
    // Without the cache a process still serves everything from the database, so it stays in the load
    // balancer's rotation (200, "degraded"); taking every process out because Redis is down would turn
    // a slower site into no site. Only a process that cannot reach its database is not ready.
    const status = databaseState !== 'ok' ? 'not ready' : cacheState !== 'ok' ? 'degraded' : 'ready';
    return c.json(
      { status, checks: { database: databaseState, cache: cacheState } },
      databaseState === 'ok' ? 200 : 503,
    );
  });

  /**
   * The visitor's address: the socket's peer, or what trusted proxies report. Worked out only where
   * it is needed. (Loaders' calls to the API never pass through here: they are made in-process.)
   */
  const rateLimitAddress = (c: Context) => {
    const address = resolveClientAddress(
      socketAddress(c),
      c.req.header('x-forwarded-for'),
      config.TRUST_PROXY,
    );
    return address ? rateLimitKey(address) : undefined;
  };

  // Every request that changes something, to the API or as a form post: refused when another site's
  // page sends it (cross-site request forgery), and counted in the per-client write budget.
  let writeTable: ReturnType<typeof createWriteTable> | undefined;
  /** Whether an API request is a write: its operation says so in the OpenAPI document (built once). */
  const isApiWrite = (c: Context) => {
    writeTable ??= createWriteTable(
      (openApiDocument().paths ?? {}) as Parameters<typeof createWriteTable>[0],
    );
    return writeTable.writes(c.req.method, c.req.path.replace(/^\/api/, ''));
  };
  const writeLimit = rateLimit(cache, config.RATE_LIMIT_WRITES_PER_MINUTE, rateLimitAddress, {
    bucket: 'writes',
  });
  const countWebhookWrite = createRateCounter(cache, config.RATE_LIMIT_WRITES_PER_MINUTE, {
    bucket: 'writes',
  });
  app.use(async (c, next) => {
    if (isSafeMethod(c.req.method)) return next();
    const isApi = c.req.path.startsWith('/api/');
    if (isCrossOriginWrite(c.req.raw.headers, trustedOrigins)) {
      const message = 'Requests from other sites that change data are refused.';
      if (isApi) throw new ApiError(403, 'CROSS_ORIGIN_REQUEST', message);
      return c.text(message, 403);
    }
    if (isApi) return isApiWrite(c) ? writeLimit(c, next) : next();
    // A provider's webhook counts in the same budget, in its route: after the signature check for
    // the provider's allow-listed addresses (PAYMENT_WEBHOOK_ALLOW), before it for every other sender.
    if (isProviderWebhookPath(c.req.path)) return next();
    try {
      return await writeLimit(c, next);
    } catch (error) {
      if (error instanceof ApiError && error.status === 429) return c.text(error.message, 429);
      throw error;
    }
  });

  const bodyTooLarge = (limit: number) =>
    new ApiError(413, 'PAYLOAD_TOO_LARGE', `The request body is larger than ${limit} bytes.`);

  const limitApiBody = bodyLimit({
    maxSize: config.BODY_LIMIT_BYTES,
    onError: (c) => {
      c.header('Connection', 'close');
      throw bodyTooLarge(config.BODY_LIMIT_BYTES);
    },
  });
  // A GET or HEAD has no body (node-server refuses one that does); the check would cost every read a
  // full Request object.
  const limitUploadBody = bodyLimit({
    maxSize: config.UPLOAD_LIMIT_BYTES,
    onError: (c) => {
      c.header('Connection', 'close');
      throw bodyTooLarge(config.UPLOAD_LIMIT_BYTES);
    },
  });
  const uploadPaths = [`/api${MEDIA_UPLOAD_PATH}`];
  const isUpload = (c: Context) =>
    uploadPaths.includes(c.req.path) || c.req.path.startsWith(`/api${MEDIA_PUT_PATH_PREFIX}`);
  const apiBodyLimit: MiddlewareHandler = (c, next) =>
    c.req.method === 'GET' || c.req.method === 'HEAD'
      ? next()
      : isUpload(c)
        ? limitUploadBody(c, next)
        : limitApiBody(c, next);

  const api = createApiRouter();
  api.use(
    '*',
    async (c, next) => {
      const origin = c.req.header('origin');
      const corsOrigin = origin && config.CORS_ORIGINS.includes(origin) ? origin : undefined;
      if (c.req.method === 'OPTIONS') {
        // Preflight and plain OPTIONS: what the path answers, and CORS headers for allowed origins.
        const allowed = methodTable.allowed(c.req.path.replace(/^\/api/, ''));
        if (allowed.length === 0) throw new ApiError(404, 'NOT_FOUND', 'No such API route.');
        c.header('Allow', allowed.join(', '));
        if (corsOrigin) {
          c.header('Access-Control-Allow-Origin', corsOrigin);
          c.header('Access-Control-Allow-Methods', allowed.join(', '));
          c.header('Access-Control-Allow-Headers', CORS_REQUEST_HEADERS);
          c.header('Access-Control-Max-Age', '600');
        }
        c.header('Vary', 'Origin');
        return c.body(null, 204);
      }
      await next();
      if (corsOrigin) {
        c.res.headers.set('Access-Control-Allow-Origin', corsOrigin);
        c.res.headers.set('Access-Control-Expose-Headers', 'X-Request-Id, Retry-After');
        c.res.headers.append('Vary', 'Origin');
      }
    },
    apiBodyLimit,
    rateLimit(cache, config.RATE_LIMIT_PER_MINUTE, rateLimitAddress),
    contextMiddleware(services.sites, services.sessions, rateLimitAddress),
    // After the context: a kept answer belongs to the verified caller (decision 0238).
    idempotency(deps.db, logger, isApiWrite),
  );
  // Every call comes from its contract; outside production every answer is checked against it.
  const contracts = createContractRouter({
    checkOutput: !config.isProduction,
    backofficeGuard: (ctx) => requireBackofficeUser(deps.db, ctx),
  });
  siteRoutes(contracts.implement, services.sites);
  captchaRoutes(contracts.implement, services.captcha);
  marketingRoutes(contracts.implement, services.newsletter);
  catalogueRoutes(contracts.implement, services.catalogue);
  cmsRoutes(contracts.implement, services.cms, services.finder, services.shell, services.events);
  pageEditorRoutes(contracts.implement, services.pageEditor);
  navigationEditorRoutes(contracts.implement, services.navigationEditor);
  eventsRoutes(contracts.implement, services.events);
  searchRoutes(contracts.implement, services.search);
  usersRoutes(contracts.implement, services.accounts);
  socialRoutes(contracts.implement, services.social);
  consentRoutes(contracts.implement, services.consents, logger);
  profileRoutes(contracts.implement, services.profile);
  cartRoutes(contracts.implement, services.cart);
  checkoutRoutes(contracts.implement, services.checkout);
  paymentContractRoutes(
    contracts.implement,
    createBankTransferService({
      orderBySlug: services.checkout.orderBySlug,
      siteOption: (siteId, key) => services.sites.option(siteId, key),
      reference: bankTransferReference,
    }),
  );
  wishlistRoutes(contracts.implement, services.wishlist);
  engagementRoutes(contracts.implement, services.engagement);
  formsRoutes(contracts.implement, services.forms, services.formsAdmin);
  productStockRoutes(contracts.implement, deps, services.forms.kick);
  mediaLibraryRoutes(contracts.implement, services.mediaLibrary);
  // The bytes of a signed upload address: a raw body, not a JSON call (file/getUploadUrl).
  api.put(`${MEDIA_PUT_PATH_PREFIX}:token`, mediaPutHandler(services.mediaLibrary));
  instagramRoutes(contracts.implement, services.instagram);
  // Developer tools exist only outside production (or with DEV_TOOLS=true): else their paths are 404.
  if (config.devTools) devtoolsRoutes(contracts.implement, services.devtools);
  mailAdminRoutes(contracts.implement, services.mailAdmin);
  cachesRoutes(contracts.implement, services.caches);
  api.route('/', contracts.router);
  const inProcessCaller = createInProcessCaller({
    implementations: contracts.implementations,
    sites: services.sites,
    sessions: services.sessions,
    logger,
    checkOutput: !config.isProduction,
  });
  const methodTable = createMethodTable(api.routes);

  // Routes are fixed once the app is built, so the document is generated on first request only.
  let openApiCache: ReturnType<typeof api.getOpenAPI31Document> | undefined;
  const openApiDocument = () =>
    (openApiCache ??= api.getOpenAPI31Document({
      openapi: '3.1.0',
      info: {
        title: 'Shop API',
        version: '1',
        description:
          'Every call takes the headers language, storeId, siteId and apiKey (optional: the Host decides the site). ' +
          'Success: {"data": ...}. Failure: {"error": {"code", "statusCode", "payload": {"message", "field"}}}. ' +
          'Operations marked x-writes (and every PUT, PATCH, DELETE) change data: they take an Idempotency-Key ' +
          'header that makes a retry return the first answer, and count against the per-client write limit.',
      },
      servers: [{ url: '/api' }],
    }));
  app.get('/api/openapi.json', (c) => c.json(openApiDocument()));
  app.get('/api/docs', (c) => {
    c.header('Content-Security-Policy', staticPageCsp);
    return c.html(renderApiDocsPage(openApiDocument()));
  });
  app.route('/api', api);
  // No route answered: a known path with another method (405 with Allow), else an unknown path.
  app.all('/api/*', (c) => {
    const allowed = methodTable.allowed(c.req.path.replace(/^\/api/, ''));
    if (allowed.length === 0) throw new ApiError(404, 'NOT_FOUND', 'No such API route.');
    c.header('Allow', allowed.join(', '));
    throw methodNotAllowed(allowed);
  });

  // Form posts (the cookie banner, the newsletter and every page form) are small: a bounded body,
  // refused with 413 before it is read when its declared length is too large.
  // The media library's plain upload form (without JavaScript) posts files to its screen.
  const uploadScreens = new Set<string>(Object.values(routeTable.adminMedia));
  const limitScreenUpload = bodyLimit({
    maxSize: config.UPLOAD_LIMIT_BYTES,
    onError: (inner) => {
      inner.header('Connection', 'close');
      return inner.text(bodyTooLarge(config.UPLOAD_LIMIT_BYTES).message, 413);
    },
  });
  app.use(async (c, next) => {
    if (isSafeMethod(c.req.method) || c.req.path.startsWith('/api/')) return next();
    if (uploadScreens.has(c.req.path)) return limitScreenUpload(c, next);
    return bodyLimit({
      maxSize: config.FORM_BODY_LIMIT_BYTES,
      onError: (inner) => {
        inner.header('Connection', 'close');
        return inner.text(bodyTooLarge(config.FORM_BODY_LIMIT_BYTES).message, 413);
      },
    })(c, next);
  });

  app.route(
    '/',
    mediaRoutes(deps, (siteId, key) => services.sites.option(siteId, key)),
  );
  app.route(
    '/',
    paymentRoutes(services.payments, {
      webhook: (c, provider, rawBody, headers) => {
        const address = resolveClientAddress(
          socketAddress(c),
          c.req.header('x-forwarded-for'),
          config.TRUST_PROXY,
        );
        return receiveProviderWebhook(
          services.checkout,
          provider,
          { rawBody, headers },
          {
            allowListed: isAllowListed(config.PAYMENT_WEBHOOK_ALLOW, provider, address),
            count: async () => {
              const retryAfter = await countWebhookWrite(address ? rateLimitKey(address) : undefined);
              if (retryAfter === undefined) return;
              c.header('Retry-After', String(retryAfter));
              throw rateLimited();
            },
          },
        );
      },
      // Back from the wallet: pgSuccess as this visitor, in-process (it captures and confirms).
      confirmReturn: async (c, orderSlug, token, language) => {
        const call = inProcessCaller(c.req.raw.headers, c.get('requestId'), {
          clientAddress: rateLimitAddress(c),
          responseCookies: [],
        });
        const result = await call(
          pgSuccess,
          { params: { id: orderSlug }, body: { details: { token }, internalRedirect: true } },
          { language },
        );
        return result.errored ? undefined : result.data.url;
      },
    }),
  );
  app.route('/', seoRoutes(deps, services.sites));
  app.route(
    '/',
    cookieConsentRoutes({
      secure: config.isProduction && config.PUBLIC_URL?.startsWith('https:') === true,
      logger,
      record: async (c, choice) => {
        const ctx = await resolveRequestContext(services.sites, c.req.raw.headers, randomUUID(), {
          sessions: services.sessions,
        });
        await services.consents.recordCookieChoice({
          siteId: ctx.site.id,
          anonymousId: choice.anonymousId,
          userId: ctx.user?.id ?? null,
          categories: choice.categories,
          address: resolveClientAddress(
            socketAddress(c),
            c.req.header('x-forwarded-for'),
            config.TRUST_PROXY,
          ),
        });
      },
    }),
  );

  const pageCache = deps.getServerBuild
    ? createPageCache({
        cache,
        sites: services.sites,
        ttlSeconds: config.PAGE_CACHE_SECONDS,
        cdnSeconds: config.PAGE_CDN_SECONDS,
        maintenance: config.MAINTENANCE_MODE,
        security: securityOptions,
      })
    : undefined;
  if (deps.getServerBuild && pageCache) {
    const getServerBuild = deps.getServerBuild;
    const mode = config.isProduction ? 'production' : 'development';
    let handler: ((request: Request, context: unknown) => Promise<Response>) | undefined;
    app.all('*', async (c) => {
      // Anonymous pages come from the page cache (server/http/page-cache.ts) when they are there.
      const page = await pageCache.lookup(c.req.raw);
      if (page.response) return page.response;
      const build = await getServerBuild();
      const entry = build.entry.module as unknown as {
        createLoadContext: (options: {
          call: ContractCaller;
          settings: { maintenance: boolean; devTools: boolean };
          nonce: string;
        }) => unknown;
        createRequestHandler: (build: ServerBuild, mode: string) => NonNullable<typeof handler>;
      };
      // In development every request may bring a new build; in production the handler is made once.
      if (!handler || !config.isProduction) handler = entry.createRequestHandler(build, mode);
      const incoming = c.req.raw;
      // No nonce in development (see documentCsp): a nonce the browser hides from the DOM would make
      // React report a hydration mismatch on every development page.
      const nonce = securityOptions.dev ? '' : createNonce();
      // Session cookies the page's calls set (login, logout, a silently renewed session).
      const responseCookies: string[] = [];
      const loadContext = entry.createLoadContext({
        nonce,
        settings: { maintenance: config.MAINTENANCE_MODE, devTools: config.devTools },
        // Loaders call the API's handlers in-process, as this visitor (host, cookies), without HTTP.
        call: inProcessCaller(incoming.headers, c.get('requestId'), {
          clientAddress: rateLimitAddress(c),
          responseCookies,
        }),
      });
      let response = await handler!(incoming, loadContext);
      if (responseCookies.length > 0) {
        // A redirect or a page answer from React Router may have immutable headers: copied once.
        response = new Response(response.body, response);
        for (const cookie of responseCookies) response.headers.append('Set-Cookie', cookie);
        // A page for a visitor whose session just changed is theirs alone.
        response.headers.set('Cache-Control', 'private, no-store');
      }
      if (response.headers.get('content-type')?.startsWith('text/html'))
        response.headers.set('Content-Security-Policy', documentCsp(nonce, securityOptions));
      return pageCache.finish(page.plan, response, nonce, c.req.raw);
    });
  }

  // Paths a route other than the page handler answers on GET (the API, media, sitemaps, health): the
  // fast lane leaves them to the app. Middleware (`*`, `/*`) and the page handler are not routes here.
  const otherRoutes = new TrieRouter<true>();
  for (const route of app.routes)
    if (route.path !== '*' && route.path !== '/*' && (route.method === 'GET' || route.method === 'ALL'))
      otherRoutes.add('GET', route.path, true);
  const baseHeaders: Record<string, string> = {};
  for (const [name, value] of securityHeaders) baseHeaders[name.toLowerCase()] = value;
  baseHeaders['content-security-policy'] = resourceCsp;
  registerFastLane(
    app,
    createFastLane({
      logger,
      baseHeaders,
      compressThreshold: COMPRESS_THRESHOLD,
      logRequest: (requestId, method, url, status, started) =>
        logRequestLine(logger, requestId, method, url, status, started),
      errorAnswer: (error, requestId) => errorAnswer(logger, error, requestId),
      api: {
        implementations: contracts.implementations,
        sites: services.sites,
        sessions: services.sessions,
        checkOutput: !config.isProduction,
        countRequest: createRateCounter(cache, config.RATE_LIMIT_PER_MINUTE),
        countsRequests: config.RATE_LIMIT_PER_MINUTE > 0,
        clientAddress: (socketAddress, forwardedFor) => {
          const address = resolveClientAddress(socketAddress, forwardedFor, config.TRUST_PROXY);
          return address ? rateLimitKey(address) : undefined;
        },
      },
      pageCache,
      routedElsewhere: (path) => otherRoutes.match('GET', path)[0].length > 0,
    }),
  );

  return { app, services, inProcessCaller };
}
