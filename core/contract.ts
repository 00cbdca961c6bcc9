import type { z } from 'zod';

/**
 * One API call, defined once: method, path, input and output schemas. The server registers its
 * handler from it (validation, the OpenAPI document), server-side loaders call that handler in-process
 * through it, the browser calls it over fetch, and forms validate with its input schemas. Contracts
 * live beside their domain (`server/modules/<domain>/<domain>.contract.ts`) and import only zod,
 * `core/` and other contracts, so the UI can import them without pulling in server code.
 */
export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export type ContractDefinition = {
  method: HttpMethod;
  /**
   * OpenAPI path template under `/api`, e.g. `/v1/cms/navigation/tree/{id}`; the specification's
   * legacy session calls sit under `/api/auth/`.
   */
  path: `/v${number}/${string}` | `/auth/${string}`;
  tags: string[];
  summary: string;
  description?: string;
  /**
   * A POST that changes data (the specification also uses POST for reads with a body): counted in
   * the per-client write budget and replayed for a repeated `Idempotency-Key`. PUT, PATCH and DELETE
   * always are.
   */
  writes?: boolean;
  /**
   * The body is `multipart/form-data` (file uploads) instead of JSON; `body` then describes its
   * fields, a repeated field being an array.
   */
  multipart?: true;
  /**
   * `backoffice`: a back-office call. The router refuses a visitor (401) and any user without the
   * back-office role (403) before it reads the input, and the OpenAPI operation says so
   * (`x-backoffice`), which is how the access test finds every such call.
   */
  access?: 'backoffice';
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** The `data` of a successful answer. */
  output: z.ZodType;
};

export type Contract = ContractDefinition;

export function defineContract<const D extends ContractDefinition>(definition: D): D {
  return definition;
}

type Part<D, K extends 'params' | 'query' | 'body', Mode extends 'input' | 'output'> = D extends {
  [P in K]: infer S extends z.ZodType;
}
  ? { [P in K]: Mode extends 'input' ? z.input<S> : z.output<S> }
  : { [P in K]?: never };

/** What a caller passes: `{ params?, query?, body? }` as the contract's schemas accept them. */
export type ContractInput<C extends Contract> = Part<C, 'params', 'input'> &
  Part<C, 'query', 'input'> &
  Part<C, 'body', 'input'>;

/** What a handler receives: the same parts, validated and transformed. */
export type ContractParsedInput<C extends Contract> = Part<C, 'params', 'output'> &
  Part<C, 'query', 'output'> &
  Part<C, 'body', 'output'>;

/** The `data` of a successful answer, as the caller receives it. */
export type ContractOutput<C extends Contract> = z.output<C['output']>;

/** The key a contract is known by at run time (also across module instances, as under Vite). */
export const contractKey = (contract: Pick<Contract, 'method' | 'path'>) =>
  `${contract.method.toUpperCase()} ${contract.path}`;

/** Whether a call changes data (write budget, Idempotency-Key). */
export const isWriteContract = (contract: Pick<Contract, 'method' | 'writes'>) =>
  contract.method !== 'get' && (contract.method !== 'post' || contract.writes === true);

/**
 * The URL of a call under `/api`: path parameters substituted (percent-encoded), query parameters
 * without empty values.
 */
export function contractUrl(contract: Pick<Contract, 'path'>, input: { params?: object; query?: object }) {
  const params = (input.params ?? {}) as Record<string, unknown>;
  const path = contract.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(String(params[name] ?? '')),
  );
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((input.query ?? {}) as Record<string, unknown>)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  return `/api${path}${search.size > 0 ? `?${search}` : ''}`;
}

/** A failed call as callers see it, whichever path it took. */
export type ApiFailure = { message: string; statusCode: number; code?: string; field?: string; raw: unknown };
export type ApiResult<T> = { data: T; errored: false } | { data: null; errored: true; error: ApiFailure };

/** Per-call headers of the specification that choose what the answer is about. */
export type CallOptions = { language: string; storeId?: number; signal?: AbortSignal };

/**
 * Makes a call: in-process on the server (the handler behind the contract, no HTTP round trip),
 * over fetch in the browser. Never throws for a failed call; aborts still throw.
 */
export type ContractCaller = <C extends Contract>(
  contract: C,
  input: ContractInput<C>,
  options: CallOptions,
) => Promise<ApiResult<ContractOutput<C>>>;
