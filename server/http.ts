import { randomUUID } from 'node:crypto';
import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { HTTPException } from 'hono/http-exception';
import type { ServerBuild } from 'react-router';
import { type ApiEnv, createApiRouter } from './api/api-router.ts';
import { contextMiddleware } from './api/context-middleware.ts';
import { renderApiDocsPage } from './api/docs-page.ts';
import { ApiError, errorBody } from './api/errors.ts';
import { rateLimit } from './api/rate-limit.ts';
import type { Deps } from './api/request-context.ts';
import { cookieConsentRoutes } from './cookie-consent.routes.ts';
import type { DatabaseHandle } from './db/client.ts';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.ts';
import { createCatalogueService } from './modules/catalogue/catalogue.service.ts';
import { cmsRoutes } from './modules/cms/cms.routes.ts';
import { createCmsContentService } from './modules/cms/cms-content.service.ts';
import { createFinderService } from './modules/cms/finder.service.ts';
import { eventsRoutes } from './modules/events/events.routes.ts';
import { createEventsService } from './modules/events/events.service.ts';
import { marketingRoutes } from './modules/marketing/marketing.routes.ts';
import { createNewsletterService } from './modules/marketing/newsletter.service.ts';
import { mediaRoutes } from './modules/media/media.routes.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import { createSearchService } from './modules/search/search.service.ts';
import { seoRoutes } from './modules/seo/sitemap.routes.ts';
import { siteRoutes } from './modules/site/site.routes.ts';
import { createSiteService } from './modules/site/site.service.ts';

export type HttpDeps = Deps & {
  database: DatabaseHandle;
  /** Resolves the React Router server build (a fixed import in production, Vite's in development). */
  getServerBuild?: () => Promise<ServerBuild>;
};

const REQUEST_ID = /^[A-Za-z0-9._-]{8,80}$/;
/** Query parameters that may carry secrets and are blanked in logs. */
const SECRET_PARAMS = /([?&](?:token|accessToken|refreshToken|code|password|protectCode)=)[^&]*/gi;

export function createServices(deps: Deps) {
  return {
    sites: createSiteService(deps),
    newsletter: createNewsletterService(deps),
    catalogue: createCatalogueService(deps),
    cms: createCmsContentService(deps),
    finder: createFinderService(deps),
    events: createEventsService(deps),
    search: createSearchService(deps),
  };
}

export type Services = ReturnType<typeof createServices>;

function clientAddress(c: Parameters<Parameters<Hono['use']>[1]>[0]): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

export function createHttpApp(deps: HttpDeps) {
  const { config, logger, cache, database } = deps;
  const services = createServices(deps);
  const app = new Hono<ApiEnv>();

  app.use(async (c, next) => {
    const incoming = c.req.header('x-request-id');
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    c.set('requestId', requestId);
    const started = performance.now();
    await next();
    c.header('x-request-id', requestId);
    const url = new URL(c.req.url);
    logger.info(
      {
        reqId: requestId,
        method: c.req.method,
        path: (url.pathname + url.search).replace(SECRET_PARAMS, '$1[redacted]'),
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      },
      'request',
    );
  });

  // Documents, JSON and XML go out gzipped when the client takes it (the client build is compressed
  // ahead of time by static-files.ts). Loaders' in-process API calls send no Accept-Encoding, so they
  // are never compressed.
  app.use(compress({ encoding: 'gzip' }));

  app.onError((error, c) => {
    if (error instanceof ApiError) return c.json(errorBody(error), error.status);
    if (error instanceof HTTPException && error.status < 500) {
      const apiError = new ApiError(
        error.status,
        error.status === 413 ? 'PAYLOAD_TOO_LARGE' : 'HTTP_ERROR',
        error.message || 'Request rejected.',
      );
      return c.json(errorBody(apiError), apiError.status);
    }
    logger.error({ reqId: c.get('requestId'), err: error }, 'unhandled error');
    return c.json(errorBody(new ApiError(500, 'INTERNAL_ERROR', 'An unexpected error occurred.')), 500);
  });

  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  app.get('/readyz', async (c) => {
    const checks = await Promise.all([
      database.ping().then(
        () => ['database', 'ok'] as const,
        () => ['database', 'unreachable'] as const,
      ),
      cache.ping().then(
        () => ['cache', 'ok'] as const,
        () => ['cache', 'unreachable'] as const,
      ),
    ]);
    const ready = checks.every(([, state]) => state === 'ok');
    return c.json(
      { status: ready ? 'ready' : 'not ready', checks: Object.fromEntries(checks) },
      ready ? 200 : 503,
    );
  });

  const api = createApiRouter();
  api.use(
    '*',
    bodyLimit({
      maxSize: config.BODY_LIMIT_BYTES,
      onError: () => {
        throw new ApiError(
          413,
          'PAYLOAD_TOO_LARGE',
          `The request body is larger than ${config.BODY_LIMIT_BYTES} bytes.`,
        );
      },
    }),
    rateLimit(cache, config.RATE_LIMIT_PER_MINUTE, clientAddress),
    contextMiddleware(services.sites),
  );
  api.route('/', siteRoutes(services.sites));
  api.route('/', marketingRoutes(services.newsletter));
  api.route('/', catalogueRoutes(services.catalogue));
  api.route('/', cmsRoutes(services.cms, services.finder));
  api.route('/', eventsRoutes(services.events));
  api.route('/', searchRoutes(services.search));

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
          'Success: {"data": ...}. Failure: {"error": {"code", "statusCode", "payload": {"message", "field"}}}.',
      },
      servers: [{ url: '/api' }],
    }));
  app.get('/api/openapi.json', (c) => c.json(openApiDocument()));
  app.get('/api/docs', (c) => c.html(renderApiDocsPage(openApiDocument())));
  app.route('/api', api);
  app.all('/api/*', (c) => c.json(errorBody(new ApiError(404, 'NOT_FOUND', 'No such API route.')), 404));

  app.route('/', mediaRoutes(deps));
  app.route('/', seoRoutes(deps, services.sites));
  app.route(
    '/',
    cookieConsentRoutes({ secure: config.isProduction && config.PUBLIC_URL?.startsWith('https:') === true }),
  );

  if (deps.getServerBuild) {
    const getServerBuild = deps.getServerBuild;
    const mode = config.isProduction ? 'production' : 'development';
    let handler: ((request: Request, context: unknown) => Promise<Response>) | undefined;
    app.all('*', async (c) => {
      const build = await getServerBuild();
      const entry = build.entry.module as unknown as {
        createLoadContext: (options: {
          api: (path: string, init?: RequestInit) => Promise<Response>;
          settings: { maintenance: boolean; publicUrl: string | null };
        }) => unknown;
        createRequestHandler: (build: ServerBuild, mode: string) => NonNullable<typeof handler>;
      };
      // In development every request may bring a new build; in production the handler is made once.
      if (!handler || !config.isProduction) handler = entry.createRequestHandler(build, mode);
      const incoming = c.req.raw;
      const forwarded = ['cookie', 'host', 'user-agent', 'accept-language', 'x-request-id'];
      const loadContext = entry.createLoadContext({
        settings: {
          maintenance: config.MAINTENANCE_MODE,
          publicUrl: config.PUBLIC_URL?.replace(/\/+$/, '') ?? null,
        },
        // Loaders reach the API in-process, with the visitor's cookies and host, through the same routes.
        api: (path, init = {}) => {
          const headers = new Headers(init.headers);
          for (const name of forwarded) {
            const value = incoming.headers.get(name);
            if (value && !headers.has(name)) headers.set(name, value);
          }
          headers.set('x-request-id', c.get('requestId'));
          return Promise.resolve(app.request(path, { ...init, headers }));
        },
      });
      return handler!(incoming, loadContext);
    });
  }

  return { app, services };
}
