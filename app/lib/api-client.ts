import {
  type ApiFailure,
  type ApiResult,
  type CallOptions,
  type Contract,
  type ContractCaller,
  type ContractInput,
  type ContractOutput,
  contractUrl,
} from '../../core/contract.ts';

/**
 * Shapes any failure the way the specification's normaliser does: the server's error format first,
 * then a string body, `errorMessage` or `message`; no response at all gives status 0.
 */
export function normalizeFailure(status: number, statusText: string, body: unknown): ApiFailure {
  if (body && typeof body === 'object' && 'error' in body) {
    const error = (
      body as {
        error: { code?: string; statusCode?: number; payload?: { message?: string; field?: string } };
      }
    ).error;
    return {
      message: error.payload?.message ?? statusText,
      statusCode: error.statusCode ?? status,
      code: error.code,
      field: error.payload?.field,
      raw: body,
    };
  }
  if (typeof body === 'string' && body.trim()) return { message: body, statusCode: status, raw: body };
  if (body && typeof body === 'object') {
    const record = body as { errorMessage?: string; message?: string };
    const message = record.errorMessage ?? record.message;
    if (message) return { message, statusCode: status, raw: body };
  }
  return { message: statusText || 'An error occurred', statusCode: status || 500, raw: body };
}

/**
 * fetch with a fresh `Idempotency-Key` on every write: a request the network retries is answered
 * from the server's record instead of running twice (docs/decisions/0116, 0238).
 */
export const fetchWithIdempotencyKey: typeof fetch = (input, init) => {
  const method = (init?.method ?? 'GET').toUpperCase();
  if (method === 'GET' || typeof crypto.randomUUID !== 'function') return fetch(input, init);
  const headers = new Headers(init?.headers);
  headers.set('Idempotency-Key', crypto.randomUUID());
  return fetch(input, { ...init, headers });
};

/** The session's end on the server (the legacy logout call): it clears the httpOnly session cookies. */
export const LOGOUT_URL = '/api/auth/logout';

/**
 * The browser's caller: the contract's method and URL over fetch, the answer's `data` unwrapped.
 * A 403 to anything but an authentication call (tagged `auth`) ends the browser's session and the
 * call is made once more without it (specification 000, section 4): a stale or foreign session must
 * not lock a visitor out of what anonymous visitors may do.
 */
export function createFetchCaller(fetchImpl: typeof fetch = fetch): ContractCaller {
  return (async (contract: Contract, input: Record<string, unknown>, options: CallOptions) => {
    const headers: Record<string, string> = { accept: 'application/json', language: options.language };
    if (options.storeId) headers.storeId = String(options.storeId);
    const hasBody = contract.method !== 'get' && (contract.body !== undefined || input?.body !== undefined);
    if (hasBody) headers['content-type'] = 'application/json';
    const send = () =>
      fetchImpl(contractUrl(contract, input ?? {}), {
        method: contract.method.toUpperCase(),
        headers,
        body: hasBody ? JSON.stringify(input?.body ?? {}) : undefined,
        signal: options.signal,
        credentials: 'same-origin',
      });
    let response: Response;
    try {
      response = await send();
      if (response.status === 403 && !contract.tags?.includes('auth')) {
        await fetchImpl(LOGOUT_URL, { method: 'POST', credentials: 'same-origin', signal: options.signal });
        response = await send();
      }
    } catch (error) {
      if ((error as Error).name === 'AbortError') throw error;
      return { data: null, errored: true, error: normalizeFailure(0, (error as Error).message, null) };
    }
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // A non-JSON body (a proxy's error page) is kept as text for the normaliser.
    }
    if (!response.ok)
      return {
        data: null,
        errored: true,
        error: normalizeFailure(response.status, response.statusText, body),
      };
    return { data: (body as { data: unknown }).data, errored: false };
  }) as ContractCaller;
}

type OptionalInput<C extends Contract> =
  object extends ContractInput<C> ? [input?: ContractInput<C>] : [input: ContractInput<C>];

/** Calls contracts in one language (and store): what loaders, actions and components use. */
export function createApiClient(caller: ContractCaller, defaults: Omit<CallOptions, 'signal'>) {
  return {
    call<C extends Contract>(
      contract: C,
      ...[input]: OptionalInput<C>
    ): Promise<ApiResult<ContractOutput<C>>> {
      return caller(contract, (input ?? {}) as ContractInput<C>, defaults);
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
