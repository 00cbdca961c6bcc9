import { createRoute } from '@hono/zod-openapi';
import type { z } from 'zod';
import {
  type Contract,
  type ContractParsedInput,
  contractKey,
  isWriteContract,
} from '../../core/contract.ts';
import { dataResponseJson } from '../cache/shared-json.ts';
import { createApiRouter, jsonBody, jsonResponses, multipartBody } from './api-router.ts';
import { validationError } from './errors.ts';
import type { RequestContext } from './request-context.ts';

/** The server side of a contract: the request context first, then the validated input. */
export type ContractHandler<C extends Contract> = (
  ctx: RequestContext,
  input: ContractParsedInput<C>,
) => Promise<z.input<C['output']>> | z.input<C['output']>;

export type Implementation = {
  contract: Contract;
  handler: (ctx: RequestContext, input: Record<string, unknown>) => unknown;
  /** The back-office check of an `access: 'backoffice'` call, run before the input is parsed. */
  guard?: (ctx: RequestContext) => Promise<unknown>;
};

/** The parts of a request a contract reads, in the order the HTTP path validates them. */
const parts = [
  { key: 'params', target: 'param' },
  { key: 'query', target: 'query' },
  { key: 'body', target: 'json' },
] as const;

/**
 * Validates a caller's input the way the HTTP path does (same schemas, same error), for in-process
 * calls that never pass through Hono's validators.
 */
export function parseContractInput(contract: Contract, input: Record<string, unknown>) {
  const parsed: Record<string, unknown> = {};
  for (const { key, target } of parts) {
    const schema = contract[key];
    if (!schema) continue;
    // A body-less call to a contract with a body is an empty object, as for an HTTP POST without one.
    const value = input[key] ?? (key === 'body' ? {} : key === 'query' ? {} : undefined);
    const result = schema.safeParse(value);
    if (!result.success) throw validationError(result.error, target);
    parsed[key] = result.data;
  }
  return parsed;
}

/**
 * Outside production every answer is checked against its contract, so a service whose result drifts
 * from the documented shape fails the tests that call it instead of surprising a client.
 */
export class ContractDriftError extends Error {
  override name = 'ContractDriftError';
}

export function checkContractOutput(contract: Contract, data: unknown) {
  const result = contract.output.safeParse(data);
  if (!result.success) {
    const first = result.error.issues[0];
    throw new ContractDriftError(
      `${contractKey(contract)} answered outside its contract at ${first?.path.join('.') || '(root)'}: ${first?.message}`,
    );
  }
}

/**
 * An API router whose routes come from contracts. Each implementation is also kept for the
 * in-process path (server-side loaders), which calls the same handler with the same validation.
 */
export function createContractRouter(options: {
  checkOutput: boolean;
  /** Refuses a request that is not a back-office user's (throws 401/403); needed by `access: 'backoffice'`. */
  backofficeGuard?: (ctx: RequestContext) => Promise<unknown>;
}) {
  const router = createApiRouter();
  const implementations: Implementation[] = [];

  function implement<C extends Contract>(contract: C, implementation: ContractHandler<C>) {
    const guard = contract.access === 'backoffice' ? options.backofficeGuard : undefined;
    if (contract.access === 'backoffice' && !guard)
      throw new Error(
        `${contractKey(contract)} is a back-office call but the router has no back-office guard`,
      );
    // The guard runs first on both paths (HTTP: route middleware; in-process: the caller runs
    // `guard`): a customer gets 403 whatever the input.
    const request: Record<string, unknown> = {};
    if (contract.params) request.params = contract.params;
    if (contract.query) request.query = contract.query;
    if (contract.body)
      Object.assign(request, contract.multipart ? multipartBody(contract.body) : jsonBody(contract.body));
    const route = createRoute({
      method: contract.method,
      path: contract.path,
      tags: contract.tags,
      summary: contract.summary,
      ...(contract.description ? { description: contract.description } : {}),
      ...(contract.method === 'post' && isWriteContract(contract) ? { 'x-writes': true } : {}),
      ...(guard ? { 'x-backoffice': true } : {}),
      // Before the validators: who may call is decided before what they sent is read.
      ...(guard
        ? {
            middleware: [
              // biome-ignore lint/suspicious/noExplicitAny: Hono's context type of this router
              async (c: any, next: () => Promise<void>) => {
                await guard(c.get('ctx'));
                await next();
              },
            ],
          }
        : {}),
      request,
      responses: jsonResponses(contract.output),
    });
    // biome-ignore lint/suspicious/noExplicitAny: the route is built from a contract at run time; its types are the contract's
    router.openapi(route as any, async (c: any) => {
      const input: Record<string, unknown> = {};
      for (const { key, target } of parts)
        if (contract[key]) input[key] = c.req.valid(key === 'body' && contract.multipart ? 'form' : target);
      const data = await implementation(c.get('ctx'), input as ContractParsedInput<C>);
      if (options.checkOutput) checkContractOutput(contract, data);
      // The text of a cached value is made once (shared-json.ts), as on the fast lane.
      return c.body(dataResponseJson(data), 200, { 'Content-Type': 'application/json' });
    });
    implementations.push({
      contract,
      handler: implementation as unknown as Implementation['handler'],
      ...(guard ? { guard } : {}),
    });
  }

  return { router, implement, implementations };
}

export type ContractRouter = ReturnType<typeof createContractRouter>;
/** What a module's routes function receives: register each of its contracts with a handler. */
export type Implement = ContractRouter['implement'];
