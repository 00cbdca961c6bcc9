/** Sends a request to the API: in-process on the server, fetch over HTTP in the browser. */
export type ApiTransport = (path: string, init?: RequestInit) => Promise<Response>;

export type ApiFailure = { message: string; statusCode: number; code?: string; field?: string; raw: unknown };
export type ApiResult<T> = { data: T; errored: false } | { data: null; errored: true; error: ApiFailure };

type CallOptions = {
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

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

export function createApiClient(transport: ApiTransport, defaults: { language: string; storeId?: number }) {
  async function call<T>(method: string, path: string, options: CallOptions = {}): Promise<ApiResult<T>> {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
    }
    const url = `/api/${path.replace(/^\//, '')}${search.size > 0 ? `?${search}` : ''}`;
    const headers: Record<string, string> = {
      accept: 'application/json',
      language: defaults.language,
      ...options.headers,
    };
    if (defaults.storeId) headers.storeId = String(defaults.storeId);
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await transport(url, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: options.signal,
      });
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
    return { data: (body as { data: T }).data, errored: false };
  }
  return {
    get: <T>(path: string, options?: CallOptions) => call<T>('GET', path, options),
    post: <T>(path: string, body?: unknown, options?: CallOptions) =>
      call<T>('POST', path, { ...options, body: body ?? {} }),
    put: <T>(path: string, body?: unknown, options?: CallOptions) =>
      call<T>('PUT', path, { ...options, body: body ?? {} }),
    patch: <T>(path: string, body?: unknown, options?: CallOptions) =>
      call<T>('PATCH', path, { ...options, body: body ?? {} }),
    delete: <T>(path: string, body?: unknown, options?: CallOptions) =>
      call<T>('DELETE', path, { ...options, body }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
