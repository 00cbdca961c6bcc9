/**
 * The floor of the cart benchmark (bench/cart.ts): a bare node:http server that runs the SQL of an
 * add-to-cart and of getCart as the shop sends them (decision 0254: the cart's upsert-and-lock, its
 * lines, the line's upsert, the cart row's update, in one transaction; getCart's one statement), on
 * the same driver and pool size, with nothing else: no Hono, no middleware, no zod, no drizzle, no
 * pricing, no view. What this answers per second on this machine is as fast as an add can be with
 * these round trips; the shop's figures are read against it.
 *
 * Run by the benchmark as a child process (so its CPU time is its own):
 *   node bench/cart-floor.ts   with PORT and DATABASE_URL (PostgreSQL, DATABASE_POOL_MAX, default 10)
 *                              or DATA_DIR (PGlite in DATA_DIR/pglite, as the shop opens it)
 * POST /add {cartId, protectCode, productId, qty}, POST /get {cartId, protectCode}; GET /readyz.
 * PostgreSQL also: POST /add-fn, /add-cte and /add-fn-key (with Idempotency-Key): the add in one round trip.
 */

import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import { openPglite } from '../server/db/client.ts';

type Row = Record<string, unknown>;
/** One transaction's way to send a statement: text and parameters, rows back. */
type Run = (text: string, params: unknown[]) => Promise<Row[]>;

const port = Number(process.env.PORT ?? 3289);
const databaseUrl = process.env.DATABASE_URL;

let transaction: <T>(work: (run: Run) => Promise<T>) => Promise<T>;
let single: Run;
let close: () => Promise<void>;
/** The one-round-trip add's client (PostgreSQL only): statements outside any transaction. */
let oneRoundTrip: postgres.Sql | undefined;

if (databaseUrl) {
  const sql = postgres(databaseUrl, {
    max: Number(process.env.DATABASE_POOL_MAX ?? 10),
    onnotice: () => {},
    connection: { application_name: 'cart-floor' },
  });
  const runOn =
    (executor: postgres.Sql | postgres.TransactionSql): Run =>
    (text, params) =>
      executor.unsafe(text, params as postgres.ParameterOrJSON<never>[]) as unknown as Promise<Row[]>;
  transaction = (work) => sql.begin((tx) => work(runOn(tx))) as Promise<never>;
  single = runOn(sql);
  close = () => sql.end({ timeout: 5 });
  oneRoundTrip = sql;
} else {
  const dataDir = process.env.DATA_DIR;
  if (!dataDir) throw new Error('DATABASE_URL or DATA_DIR');
  const handle = await openPglite({ dataDir: path.join(dataDir, 'pglite') });
  const pglite = handle.pglite as PGlite;
  const runOn =
    (executor: Pick<PGlite, 'query'>): Run =>
    async (text, params) =>
      (await executor.query<Row>(text, params)).rows;
  transaction = (work) => pglite.transaction((tx) => work(runOn(tx)));
  single = runOn(pglite);
  close = () => handle.close();
}

/** What every cart of the benchmark shares: its site, store, currency and language (one store). */
const [first] = await single(
  'select site_id, store_id, currency_id, language_code from carts order by id limit 1',
  [],
);
if (!first) throw new Error('the floor needs the benchmark carts');
const defaults: Row = first;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const matches = (row: Row, protectCode: string) => {
  const stored = Buffer.from(String(row.protect_code_hash), 'hex');
  const given = Buffer.from(sha256(protectCode), 'hex');
  return stored.length === given.length && timingSafeEqual(stored, given);
};

const CART_COLUMNS =
  '"id", "cart_id", "protect_code_hash", "site_id", "store_id", "currency_id", "language_code", "user_id", "status", "coupon_id", "member_barcode", "loyalty_points", "delivery_method_id", "version", "created_at", "updated_at"';
const BALANCE =
  '(select la.points from loyalty_accounts la where la.user_id = "carts"."user_id" and la.site_id = "carts"."site_id")';
const LINE_COLUMNS =
  '"id", "cart_id", "product_id", "qty", "options", "options_hash", "added_unit_price", "created_at", "updated_at"';

class Refused extends Error {}

/** The shop commits cart changes asynchronously (decision 0257); FLOOR_SYNC_COMMIT=on measures without. */
const asyncCommit = process.env.FLOOR_SYNC_COMMIT !== 'on';

async function add(body: { cartId: string; protectCode: string; productId: number; qty: number }) {
  return transaction(async (run) => {
    // Sent with the lock and the lines in one write, as the shop does (pipelined, one round trip).
    const setting = asyncCommit ? run('set local synchronous_commit = off', []) : undefined;
    const locking = run(
      `insert into "carts" ("id", "cart_id", "protect_code_hash", "site_id", "store_id", "currency_id", "language_code", "user_id", "status", "coupon_id", "member_barcode", "loyalty_points", "delivery_method_id", "version", "created_at", "updated_at") values (default, $1, $2, $3, $4, $5, $6, $7, default, default, default, default, default, default, default, default) on conflict ("cart_id") do update set "version" = "carts"."version" returning ${CART_COLUMNS}, ${BALANCE}`,
      [
        body.cartId,
        sha256(body.protectCode),
        defaults.site_id,
        defaults.store_id,
        defaults.currency_id,
        defaults.language_code,
        null,
      ],
    );
    const reading = run(
      `select ${LINE_COLUMNS} from "cart_items" where "cart_items"."cart_id" = (select "id" from "carts" where "cart_id" = $1) order by "cart_items"."id" asc`,
      [body.cartId],
    );
    const [, [cart], lines] = await Promise.all([setting, locking, reading]);
    if (!cart || !matches(cart, body.protectCode) || cart.status !== 'active') throw new Refused();
    const same = lines.find((line) => line.product_id === body.productId);
    if (!same) throw new Refused();
    const qty = Number(same.qty) + body.qty;
    const [line] = await run(
      `insert into "cart_items" ("id", "cart_id", "product_id", "qty", "options", "options_hash", "added_unit_price", "created_at", "updated_at") values (default, $1, $2, $3, $4, $5, $6, default, default) on conflict ("cart_id","product_id","options_hash") do update set "qty" = $7, "added_unit_price" = $8, "updated_at" = $9 returning ${LINE_COLUMNS}`,
      [
        cart.id,
        body.productId,
        qty,
        JSON.stringify(same.options ?? {}),
        same.options_hash,
        same.added_unit_price,
        qty,
        same.added_unit_price,
        new Date().toISOString(),
      ],
    );
    const [updated] = await run(
      `update "carts" set "version" = "carts"."version" + 1, "updated_at" = $1 where "carts"."id" = $2 returning ${CART_COLUMNS}`,
      [new Date().toISOString(), cart.id],
    );
    return {
      cartId: body.cartId,
      version: updated?.version,
      items: lines.map((entry) => (entry.id === line?.id ? line : entry)),
    };
  });
}

/**
 * The second floor (decision 0260): the whole add in ONE round trip, as autocommit statements (no
 * BEGIN/COMMIT on the wire). `fn`: a PL/pgSQL function (installed below; each of its statements takes
 * a fresh snapshot, so the lines are read after the cart row is locked and concurrent adds serialize
 * as in the shop): lock and check the cart (hash, status), read its lines, check the quantity limit and
 * the product's stock over all its lines, upsert the line, bump the cart's version, and answer the cart
 * with its lines as JSON. With a key (`/add-fn-key`) it also claims the Idempotency-Key first and keeps
 * the answer (built in SQL) at its end. `cte`: one statement with data-modifying CTEs (its snapshot is
 * taken before the cart's lock is granted, so lines of other options read there may be stale: measured
 * only as the cheapest shape).
 */
const ADD_FUNCTION = `
create or replace function cart_floor_add(p_cart_id uuid, p_hash text, p_product integer, p_qty integer,
  p_max_qty integer, p_available integer, p_key text, p_scope text, p_fingerprint text)
returns text language plpgsql as $fn$
declare
  c carts;
  claimed integer;
  found_answer text;
  same cart_items;
  new_qty integer;
  elsewhere integer;
  answer text;
begin
  perform set_config('synchronous_commit', 'off', true);
  if p_key is not null then
    insert into idempotency_requests (key, operation, scope, fingerprint)
      values (p_key, 'POST /v2/ecommerce/cart/addItem', p_scope, p_fingerprint)
      on conflict do nothing returning id into claimed;
    if claimed is null then
      select response_body into found_answer from idempotency_requests
        where key = p_key and operation = 'POST /v2/ecommerce/cart/addItem' and scope = p_scope;
      return found_answer;
    end if;
  end if;
  select * into c from carts where cart_id = p_cart_id for update;
  if not found or c.protect_code_hash <> p_hash or c.status <> 'active' then
    raise exception 'CART_SESSION_MISSING' using errcode = 'P0001';
  end if;
  select * into same from cart_items where cart_id = c.id and product_id = p_product order by id limit 1;
  if same.id is null then raise exception 'NO_LINE' using errcode = 'P0001'; end if;
  new_qty := same.qty + p_qty;
  if new_qty > p_max_qty then raise exception 'INVALID_QUANTITY' using errcode = 'P0001'; end if;
  select coalesce(sum(qty), 0) into elsewhere from cart_items
    where cart_id = c.id and product_id = p_product and id <> same.id;
  if p_available is not null and elsewhere + new_qty > p_available then
    raise exception 'OUT_OF_STOCK' using errcode = 'P0001';
  end if;
  insert into cart_items (cart_id, product_id, qty, options, options_hash, added_unit_price)
    values (c.id, p_product, new_qty, same.options, same.options_hash, same.added_unit_price)
    on conflict (cart_id, product_id, options_hash)
    do update set qty = excluded.qty, added_unit_price = excluded.added_unit_price, updated_at = now();
  update carts set version = version + 1, updated_at = now() where id = c.id returning * into c;
  select json_build_object('cartId', c.cart_id, 'version', c.version,
    'balance', (select la.points from loyalty_accounts la where la.user_id = c.user_id and la.site_id = c.site_id),
    'items', coalesce((select json_agg(json_build_object('id', ci.id, 'productId', ci.product_id, 'qty', ci.qty,
      'options', ci.options, 'optionsHash', ci.options_hash, 'addedUnitPrice', ci.added_unit_price) order by ci.id)
      from cart_items ci where ci.cart_id = c.id), '[]'::json))::text into answer;
  if claimed is not null then
    update idempotency_requests set state = 'done', response_status = 200, response_body = answer,
      response_type = 'application/json' where id = claimed;
  end if;
  return answer;
end
$fn$`;

/** The add in one statement of CTEs (see above): lock and bump the cart, upsert the line, answer; commits asynchronously as the shop's cart writes. */
const ADD_CTE = `with setting as (select set_config('synchronous_commit', 'off', true)), c as (
  update carts set version = version + 1, updated_at = now()
  where cart_id = $1 and protect_code_hash = $2 and status = 'active'
  returning id, cart_id, version, user_id, site_id
), same as (
  select ci.* from cart_items ci join c on ci.cart_id = c.id where ci.product_id = $3 order by ci.id limit 1
), up as (
  insert into cart_items (cart_id, product_id, qty, options, options_hash, added_unit_price)
  select same.cart_id, same.product_id, same.qty + $4, same.options, same.options_hash, same.added_unit_price
  from same where same.qty + $4 <= $5
  on conflict (cart_id, product_id, options_hash)
  do update set qty = cart_items.qty + $4, added_unit_price = excluded.added_unit_price, updated_at = now()
  returning *
)
select c.cart_id as "cartId", c.version,
  (select la.points from loyalty_accounts la where la.user_id = c.user_id and la.site_id = c.site_id) as balance,
  coalesce((select json_agg(json_build_object('id', x.id, 'productId', x.product_id, 'qty', x.qty,
    'options', x.options, 'optionsHash', x.options_hash, 'addedUnitPrice', x.added_unit_price) order by x.id)
    from (select * from up union all select * from cart_items ci where ci.cart_id = c.id and ci.id not in (select id from up)) x),
    '[]'::json) as items
from c, setting`;

/** postgres.js only: one prepared statement, autocommit (the function is installed on start). */
async function addInOneRoundTrip(
  shape: 'fn' | 'cte',
  body: { cartId: string; protectCode: string; productId: number; qty: number },
  keyed?: { key: string; scope: string; fingerprint: string },
) {
  if (!oneRoundTrip) throw new Refused();
  if (shape === 'cte') {
    const [row] = await oneRoundTrip.unsafe(
      ADD_CTE,
      [body.cartId, sha256(body.protectCode), body.productId, body.qty, 9999],
      { prepare: true },
    );
    if (!row) throw new Refused();
    return row;
  }
  const [row] = await oneRoundTrip.unsafe(
    'select cart_floor_add($1::uuid, $2, $3, $4, $5, $6, $7, $8, $9) as answer',
    [
      body.cartId,
      sha256(body.protectCode),
      body.productId,
      body.qty,
      9999,
      1_000_000_000,
      keyed?.key ?? null,
      keyed?.scope ?? null,
      keyed?.fingerprint ?? null,
    ],
    { prepare: true },
  );
  return JSON.parse(String(row?.answer)) as unknown;
}

async function get(body: { cartId: string; protectCode: string }) {
  const [cart] = await single(
    `select ${CART_COLUMNS}, ${BALANCE}, coalesce((select json_agg(json_build_object('id', ci.id, 'cartId', ci.cart_id, 'productId', ci.product_id, 'qty', ci.qty, 'options', ci.options, 'optionsHash', ci.options_hash, 'addedUnitPrice', ci.added_unit_price, 'createdAt', ci.created_at, 'updatedAt', ci.updated_at) order by ci.id) from cart_items ci where ci.cart_id = "carts"."id"), '[]'::json) from "carts" where "carts"."cart_id" = $1`,
    [body.cartId],
  );
  if (!cart || !matches(cart, body.protectCode)) throw new Refused();
  return cart;
}

if (oneRoundTrip) await oneRoundTrip.unsafe(ADD_FUNCTION);
let loggedFailure = false;

const server = http.createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/readyz') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"status":"ready","server":"cart-floor"}');
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const answer = async () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      if (req.url === '/add') return add(body);
      if (req.url === '/add-fn') return addInOneRoundTrip('fn', body);
      if (req.url === '/add-cte') return addInOneRoundTrip('cte', body);
      if (req.url === '/add-fn-key') {
        const key = req.headers['idempotency-key'];
        if (typeof key !== 'string') throw new Refused();
        const fingerprint = createHash('sha256').update(Buffer.concat(chunks)).digest('hex');
        return addInOneRoundTrip('fn', body, { key, scope: 'site:floor', fingerprint });
      }
      if (req.url === '/get') return get(body);
      throw new Refused();
    };
    answer().then(
      (data) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ data }));
      },
      (error: unknown) => {
        if (!(error instanceof Refused) && !loggedFailure) {
          loggedFailure = true;
          console.error('cart-floor: first failure', error);
        }
        res.writeHead(error instanceof Refused ? 400 : 500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: String(error) }));
      },
    );
  });
});
server.listen(port, '127.0.0.1');

for (const signal of ['SIGTERM', 'SIGINT'] as const)
  process.once(signal, () => {
    server.close();
    close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
