import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import type { ApiEnv } from '../api/api-router.ts';
import { ApiError } from '../api/errors.ts';
import type { RequestContext } from '../api/request-context.ts';
import type { Db } from '../db/client.ts';
import { preparedPerDatabase } from '../db/prepared-query.ts';
import type { Logger } from '../logger.ts';
import { idempotencyRequests } from '../modules/platform/idempotency.schema.ts';

/** What a key may look like: a UUID or any other printable token of a sensible length. */
const KEY = /^[\x21-\x7e]{8,255}$/;
/** A retry within this time replays the first answer. */
const KEEP_HOURS = 24;
/** A request still `pending` after this long died with its process; a retry may run it again. */
const ABANDONED_SECONDS = 60;
/** How long a retry waits for the first request with its key before answering 409, and how often it looks. */
const WAIT_FOR_FIRST_MS = 10_000;
const WAIT_POLL_MS = 15;

/** A retry of a request that is still running after the wait: 409. */
const inProgress = () =>
  new ApiError(409, 'IDEMPOTENCY_IN_PROGRESS', 'The first request with this key is still running.');

/** Drops an expired or abandoned record so that this request takes its key over. */
const forgetKey = (executor: Pick<Db, 'delete'>, key: string, operation: string, scope: string) =>
  executor
    .delete(idempotencyRequests)
    .where(
      and(
        eq(idempotencyRequests.key, key),
        eq(idempotencyRequests.operation, operation),
        eq(idempotencyRequests.scope, scope),
      ),
    );

/** The same key sent again with another request (another body or call): 422 naming the header. */
const keyReused = () =>
  new ApiError(
    422,
    'IDEMPOTENCY_KEY_REUSED',
    'This Idempotency-Key was used for another request; use a new key for a new request.',
    { field: 'Idempotency-Key' },
  );

/**
 * Makes API writes safe to retry (the IETF `Idempotency-Key` draft, as Stripe and PayPal do it): the
 * first request with a key runs and its answer is kept; a retry with the same key and body gets that
 * answer again (`Idempotent-Replayed: true`) without running; a retry while the first still runs waits
 * for its answer (409 if it takes longer than WAIT_FOR_FIRST_MS); the same key with another body gets 422. Only successful answers are kept: a refused or failed
 * request (4xx, 5xx) leaves nothing behind, as Stripe does it, and a retry runs again. Without the
 * header, nothing changes.
 *
 * A record belongs to its caller (decision 0238): it is kept under the key, the operation and the
 * caller's scope (`idempotencyScope`), computed from the verified request context, so it must run
 * after the context middleware. Another user sending the same key and body runs a request of their
 * own and never gets the first user's answer.
 */

export function idempotency(
  db: Db,
  logger: Logger,
  isWrite: (c: Context) => boolean,
): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const key = c.req.header('idempotency-key');
    if (key === undefined || !isWrite(c)) return next();
    if (!KEY.test(key))
      throw new ApiError(400, 'VALIDATION_ERROR', 'Idempotency-Key: 8 to 255 printable characters.', {
        field: 'Idempotency-Key',
      });
    const operation = `${c.req.method} ${c.req.path}`;
    const scope = idempotencyScope(c.get('ctx'));
    // The bytes, not text: a multipart upload read as UTF-8 text would be cached mangled for the
    // form parser that runs next (Hono keeps one body cache per request).
    const body = new Uint8Array(await c.req.arrayBuffer());
    const fingerprint = createHash('sha256').update(body).digest('hex');

    if (inTransactionOperations.has(operation.replace(' /api/', ' /'))) {
      // The operation keeps its record in its own transaction (claimInTransaction): nothing here but
      // the replay it found and, for an answer it gave without claiming, the record kept afterwards.
      const claim: IdempotencyClaim = { key, operation, scope, fingerprint, claimedId: undefined };
      deferredClaims.set(c.get('ctx'), claim);
      await next();
      if (claim.replay) {
        c.res = new Response(claim.replay.body, {
          status: claim.replay.status,
          headers: { 'content-type': claim.replay.type, 'Idempotent-Replayed': 'true' },
        });
        return;
      }
      if (claim.claimedId !== undefined || c.res.status >= 400) return;
      await db
        .insert(idempotencyRequests)
        .values({
          key,
          operation,
          scope,
          fingerprint,
          state: 'done',
          responseStatus: c.res.status,
          responseBody: await c.res.clone().text(),
          responseType: c.res.headers.get('content-type'),
        })
        .onConflictDoNothing();
      return;
    }

    const [claimed] = await db
      .insert(idempotencyRequests)
      .values({ key, operation, scope, fingerprint })
      .onConflictDoNothing()
      .returning({ id: idempotencyRequests.id });
    if (!claimed) {
      let replay = await existing(db, key, operation, scope);
      // A retry that arrives while the first request still runs waits for its answer (a double click,
      // a client retrying on a short timeout), so that every copy gets the same answer.
      const waitUntil = Date.now() + WAIT_FOR_FIRST_MS;
      while (
        replay?.state === 'pending' &&
        replay.fingerprint === fingerprint &&
        Date.now() - replay.createdAt.getTime() < ABANDONED_SECONDS * 1000 &&
        Date.now() < waitUntil
      ) {
        await new Promise((resolve) => setTimeout(resolve, WAIT_POLL_MS));
        replay = await existing(db, key, operation, scope);
      }
      if (replay) {
        if (replay.fingerprint !== fingerprint) throw keyReused();
        if (replay.state === 'done' && replay.responseStatus !== null) {
          c.header('Idempotent-Replayed', 'true');
          return c.body(replay.responseBody ?? '', replay.responseStatus as 200, {
            'content-type': replay.responseType ?? 'application/json',
          });
        }
        if (Date.now() - replay.createdAt.getTime() < ABANDONED_SECONDS * 1000) {
          c.header('Retry-After', '1');
          throw inProgress();
        }
      }
      // Expired or abandoned: this request takes the key over and runs.
      await forgetKey(db, key, operation, scope);
      return idempotency(db, logger, isWrite)(c, next);
    }

    try {
      await next();
    } catch (error) {
      await release(db, claimed.id);
      throw error;
    }
    const status = c.res.status;
    if (status >= 400) {
      await release(db, claimed.id);
      return;
    }
    const responseBody = await c.res.clone().text();
    await db
      .update(idempotencyRequests)
      .set({
        state: 'done',
        responseStatus: status,
        responseBody,
        responseType: c.res.headers.get('content-type'),
      })
      .where(eq(idempotencyRequests.id, claimed.id));
    // Now and then, clear what no retry can use any more.
    if (Math.random() < 0.01) {
      await db
        .delete(idempotencyRequests)
        .where(lt(idempotencyRequests.createdAt, sql`now() - make_interval(hours => ${KEEP_HOURS})`))
        .catch((error: unknown) => logger.warn({ err: error }, 'clearing old idempotency keys failed'));
    }
  };
}

/**
 * The Idempotency-Key of a request whose operation keeps its record in its own transaction
 * (`answerIdempotencyInTransaction`): the middleware checks the key and fingerprints the body, the
 * operation claims the key and writes the answer in the same transaction as its change
 * (decision 0257). One commit instead of three, and the record can never disagree with the change:
 * both are committed or neither (a failed or refused request leaves nothing, a crash too).
 */
export type IdempotencyClaim = {
  key: string;
  operation: string;
  scope: string;
  fingerprint: string;
  /** The record's id once claimed in the transaction (the answer then goes to it). */
  claimedId: number | undefined;
  /** The first request's answer, when this one is a retry: the middleware sends it as it was. */
  replay?: { status: number; body: string; type: string };
};

/** Operations (`METHOD /path` as the contract names it, without `/api`) that claim in their transaction. */
const inTransactionOperations = new Set<string>();
const deferredClaims = new WeakMap<RequestContext, IdempotencyClaim>();

/**
 * Has the middleware leave an operation's Idempotency-Key to its handler, which must then, in the
 * transaction of its change: `claimInTransaction` first (a retry of a request that still runs waits
 * there, on the key's unique index, until that one commits), and `answerInTransaction` with the
 * answer's text before it commits. For the checkout's order call the same two calls apply: claim
 * in the order transaction before taking stock, answer with `dataResponseJson(view)` at its end. An
 * answer the handler gives without claiming is kept by the middleware afterwards, as for any write.
 * Paths with parameters are not supported (the operation is matched by its literal path).
 */
export function answerIdempotencyInTransaction(contract: { method: string; path: string }) {
  if (contract.path.includes('{')) throw new Error(`${contract.path}: a path with parameters`);
  inTransactionOperations.add(`${contract.method.toUpperCase()} ${contract.path}`);
}

/** The request's Idempotency-Key left to its handler, if the request has one. */
export const idempotencyClaimOf = (ctx: RequestContext) => deferredClaims.get(ctx);

type Executor = Pick<Db, 'insert' | 'select' | 'delete' | 'update'>;

/**
 * Claims the key inside the caller's transaction. Returns true when this request runs; false when it
 * is a retry of a committed request, whose answer is then on `claim.replay` (the caller ends its
 * transaction without changing anything and answers whatever it likes: the middleware replaces it).
 * Throws 422 for the key with another body. A retry while the first request runs waits here: the
 * insert waits for the first transaction's uncommitted row, then finds it committed (with its answer)
 * or gone (the first failed: this one runs).
 */
export async function claimInTransaction(executor: Executor, claim: IdempotencyClaim): Promise<boolean> {
  const { key, operation, scope, fingerprint } = claim;
  for (;;) {
    const [claimed] = await claimKey(executor, { key, operation, scope, fingerprint });
    if (claimed) {
      claim.claimedId = claimed.id;
      return true;
    }
    const [found] = await existingPrepared(executor, { key, operation, scope });
    if (found) {
      if (found.fingerprint !== fingerprint) throw keyReused();
      if (found.state === 'done' && found.responseStatus !== null) {
        claim.replay = {
          status: found.responseStatus,
          body: found.responseBody ?? '',
          type: found.responseType ?? 'application/json',
        };
        return false;
      }
      // Pending: only the middleware's own records are (a request of before this change still running).
      if (Date.now() - found.createdAt.getTime() < ABANDONED_SECONDS * 1000) throw inProgress();
    }
    // Expired or abandoned: taken over in this transaction.
    await forgetKey(executor, key, operation, scope);
  }
}

/** Keeps the answer (the response body's text, status 200, JSON) with the claim, in the same transaction. */
export async function answerInTransaction(executor: Executor, claim: IdempotencyClaim, body: string) {
  if (claim.claimedId === undefined) throw new Error('answerInTransaction without a claim');
  await answerKey(executor, { id: claim.claimedId, body });
}

/*
 * The in-transaction claim, its look-up and the answer are built once per database (decision 0260):
 * they run in every keyed cart change and order, where building them per call cost more CPU than
 * sending them.
 */
const claimKey = preparedPerDatabase('idempotency_claim', (executor: Executor) =>
  executor
    .insert(idempotencyRequests)
    .values({
      key: sql.placeholder('key'),
      operation: sql.placeholder('operation'),
      scope: sql.placeholder('scope'),
      fingerprint: sql.placeholder('fingerprint'),
    })
    .onConflictDoNothing()
    .returning({ id: idempotencyRequests.id }),
);

const existingPrepared = preparedPerDatabase(
  'idempotency_existing',
  (executor: Executor) =>
    executor
      .select()
      .from(idempotencyRequests)
      .where(
        and(
          eq(idempotencyRequests.key, sql.placeholder('key')),
          eq(idempotencyRequests.operation, sql.placeholder('operation')),
          eq(idempotencyRequests.scope, sql.placeholder('scope')),
          sql`${idempotencyRequests.createdAt} > now() - make_interval(hours => ${KEEP_HOURS})`,
        ),
      ),
  // One row at most (the unique index); the first or none.
);

const answerKey = preparedPerDatabase('idempotency_answer', (executor: Executor) =>
  executor
    .update(idempotencyRequests)
    .set({
      state: 'done',
      responseStatus: 200,
      responseBody: sql.placeholder('body') as unknown as string,
      responseType: 'application/json',
    })
    .where(eq(idempotencyRequests.id, sql.placeholder('id'))),
);

/**
 * Whose record it is: the logged-in user (from the verified session, never from a header the client
 * chooses), else anonymous on the site. Anonymous writes that touch a caller's data carry its secret in
 * the body (a cart's protectCode), so the body fingerprint binds their records to the holder of it.
 */
export function idempotencyScope(ctx: RequestContext): string {
  return ctx.user ? `site:${ctx.site.id}:user:${ctx.user.id}` : `site:${ctx.site.id}`;
}

async function existing(db: Executor, key: string, operation: string, scope: string) {
  const [row] = await db
    .select()
    .from(idempotencyRequests)
    .where(
      and(
        eq(idempotencyRequests.key, key),
        eq(idempotencyRequests.operation, operation),
        eq(idempotencyRequests.scope, scope),
        sql`${idempotencyRequests.createdAt} > now() - make_interval(hours => ${KEEP_HOURS})`,
      ),
    );
  return row;
}

async function release(db: Db, id: number) {
  await db.delete(idempotencyRequests).where(eq(idempotencyRequests.id, id));
}
