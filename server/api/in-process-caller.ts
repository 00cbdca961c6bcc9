import type { ApiResult, CallOptions, Contract, ContractCaller } from '../../core/contract.ts';
import { contractKey } from '../../core/contract.ts';
import type { Logger } from '../logger.ts';
import type { SiteService } from '../modules/site/site.service.ts';
import type { SessionService } from '../modules/users/session.service.ts';
import { type ContextHeaders, resolveRequestContext } from './context-middleware.ts';
import {
  ContractDriftError,
  checkContractOutput,
  type Implementation,
  parseContractInput,
} from './contract-router.ts';
import { inputDataException } from './database-errors.ts';
import { ApiError, errorBody } from './errors.ts';
import type { RequestContext } from './request-context.ts';

type Failure = Extract<ApiResult<unknown>, { errored: true }>;

/**
 * What a page request may say about the context its calls run in: the Host decides the site and the
 * cookies who the visitor is. The API's own headers (`apiKey`, `siteId`, `storeId`, `language`,
 * `accessToken`) on a page request are ignored: the page's path decides its language, and a header
 * must never render one site's content under another's address (and into its page cache).
 */
const PAGE_HEADERS = new Set(['host', 'cookie']);

function failure(
  statusCode: number,
  message: string,
  extra: { code?: string; field?: string } = {},
  raw: unknown = null,
): Failure {
  return { data: null, errored: true, error: { message, statusCode, ...extra, raw } };
}

/**
 * The server's own calls, made while it renders a page or runs a form action: the handler behind the
 * contract is called directly, with the same input validation, request context and service caches
 * as over HTTP, but without a request, a response or JSON in between. Failures take the shape an HTTP
 * caller would see. Rate limits do not apply: the visitor's request that caused the call was counted.
 */
export function createInProcessCaller(deps: {
  implementations: Implementation[];
  sites: SiteService;
  sessions?: SessionService;
  logger: Logger;
  checkOutput: boolean;
}) {
  const byKey = new Map(deps.implementations.map((entry) => [contractKey(entry.contract), entry]));
  const debug = deps.logger.isLevelEnabled('debug');

  /**
   * A caller for one visitor request: its headers (host, cookies) decide site and user. The session
   * cookies the calls set (login, logout, a silent renewal) collect in `responseCookies`, for the page
   * response to carry; `clientAddress` is the visitor's (login limits, the consent log).
   */
  return function forRequest(
    headers: ContextHeaders,
    requestId: string,
    visitor: { clientAddress?: string; responseCookies?: string[] } = {},
  ): ContractCaller {
    const responseCookies = visitor.responseCookies ?? [];
    // One context per language and store for the whole page: every call of the page shares it.
    const contexts = new Map<string, Promise<RequestContext>>();
    const contextFor = (options: CallOptions) => {
      const key = `${options.language}|${options.storeId ?? ''}`;
      let context = contexts.get(key);
      if (!context) {
        const overrides: Record<string, string | undefined> = {
          language: options.language,
          storeid: options.storeId === undefined ? undefined : String(options.storeId),
        };
        context = resolveRequestContext(
          deps.sites,
          {
            get: (name) =>
              name in overrides ? overrides[name] : PAGE_HEADERS.has(name) ? headers.get(name) : undefined,
          },
          requestId,
          { sessions: deps.sessions, clientAddress: visitor.clientAddress, responseCookies },
        );
        contexts.set(key, context);
      }
      return context;
    };

    // Reads repeated within one page (the root and a route both need the shell) are made once.
    const reads = new Map<string, Promise<ApiResult<unknown>>>();

    const call = async (contract: Contract, input: Record<string, unknown>, options: CallOptions) => {
      const entry = byKey.get(contractKey(contract));
      if (!entry) throw new Error(`No handler is registered for ${contractKey(contract)}`);
      try {
        // One debug line per call made (bench/internal-calls.ts counts them per page).
        if (debug) deps.logger.debug({ reqId: requestId, call: contractKey(contract) }, 'in-process call');
        const ctx = await contextFor(options);
        if (entry.guard) await entry.guard(ctx);
        const data = await entry.handler(ctx, parseContractInput(entry.contract, input ?? {}));
        if (deps.checkOutput) checkContractOutput(entry.contract, data);
        return { data, errored: false as const };
      } catch (error) {
        // A development mistake, not a failed call: it must fail the page and the test that rendered it.
        if (error instanceof ContractDriftError) throw error;
        if (error instanceof ApiError)
          // The body an HTTP caller would get (a form action reads the per-field issues from it).
          return failure(
            error.status,
            error.message,
            { code: error.code, field: error.field },
            errorBody(error),
          );
        if (inputDataException(error)) {
          deps.logger.error({ reqId: requestId, err: error }, 'a value reached the database unvalidated');
          return failure(400, 'A value in the request is not valid.', { code: 'INVALID_VALUE' });
        }
        deps.logger.error({ reqId: requestId, err: error }, 'unhandled error in an in-process call');
        return failure(500, 'An unexpected error occurred.', { code: 'INTERNAL_ERROR' });
      }
    };

    return ((contract: Contract, input: Record<string, unknown>, options: CallOptions) => {
      if (contract.method !== 'get') return call(contract, input, options);
      const key = `${contractKey(contract)}|${options.language}|${options.storeId ?? ''}|${JSON.stringify(input ?? {})}`;
      const known = reads.get(key);
      if (known) return known;
      const result = call(contract, input, options);
      reads.set(key, result);
      return result;
    }) as ContractCaller;
  };
}
