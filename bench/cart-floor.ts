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

async function get(body: { cartId: string; protectCode: string }) {
  const [cart] = await single(
    `select ${CART_COLUMNS}, ${BALANCE}, coalesce((select json_agg(json_build_object('id', ci.id, 'cartId', ci.cart_id, 'productId', ci.product_id, 'qty', ci.qty, 'options', ci.options, 'optionsHash', ci.options_hash, 'addedUnitPrice', ci.added_unit_price, 'createdAt', ci.created_at, 'updatedAt', ci.updated_at) order by ci.id) from cart_items ci where ci.cart_id = "carts"."id"), '[]'::json) from "carts" where "carts"."cart_id" = $1`,
    [body.cartId],
  );
  if (!cart || !matches(cart, body.protectCode)) throw new Refused();
  return cart;
}

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
      if (req.url === '/get') return get(body);
      throw new Refused();
    };
    answer().then(
      (data) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ data }));
      },
      (error: unknown) => {
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
