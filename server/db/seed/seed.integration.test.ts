import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../modules/users/password.ts';
import { createLocalStorage } from '../../storage/local-storage.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/test-db.ts';
import { demoAccounts, seedDemo } from './seed.ts';

let database: TestDatabase;
let mediaDir: string;
let first: { seeded: boolean };

const count = async (query: ReturnType<typeof sql>) => {
  const [row] = await database.rows<{ n: string | number }>(query);
  return Number(row?.n ?? 0);
};

beforeAll(async () => {
  database = await createTestDatabase();
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seed-media-'));
  first = await seedDemo(database.db, { storage: createLocalStorage(mediaDir) });
}, 120_000);
afterAll(async () => {
  await database.destroy();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

describe('demo seed', () => {
  it('loads once and changes nothing when run again', async () => {
    expect(first.seeded).toBe(true);
    const tables = ['sites', 'posts', 'products', 'media', 'navigation_items', 'users', 'events'];
    const before = await Promise.all(
      tables.map((table) => count(sql.raw(`select count(*) as n from ${table}`))),
    );
    const again = await seedDemo(database.db, { storage: createLocalStorage(mediaDir) });
    expect(again.seeded).toBe(false);
    const after = await Promise.all(
      tables.map((table) => count(sql.raw(`select count(*) as n from ${table}`))),
    );
    expect(after).toEqual(before);
  });

  it('has the reference lists: 79 languages, countries, EUR as currency 44', async () => {
    expect(await count(sql`select count(*) as n from languages`)).toBe(79);
    expect(await count(sql`select count(*) as n from countries`)).toBeGreaterThan(100);
    expect(await count(sql`select count(*) as n from currencies where id = 44 and code = 'EUR'`)).toBe(1);
  });

  it('has a Croatian and an English store, HRK at 7.5345 and EUR', async () => {
    const stores = await database.rows<{ code2: string; code: string; eur_rate: string }>(sql`
      select l.code2, c.code, s.eur_rate::text from stores s join languages l on l.id = s.language_id
      join currencies c on c.id = s.currency_id order by s.id`);
    expect(stores.slice(0, 2).map((s) => [s.code2, s.code, Number(s.eur_rate)])).toEqual([
      ['hr', 'HRK', 7.5345],
      ['en', 'EUR', 1],
    ]);
  });

  it('has content in both languages: 12+ posts in 3+ categories, pages, 4+ events, five menus', async () => {
    expect(await count(sql`select count(*) as n from posts where type = 'post'`)).toBeGreaterThanOrEqual(12);
    expect(await count(sql`select count(*) as n from terms where type = 'category'`)).toBeGreaterThanOrEqual(
      3,
    );
    expect(await count(sql`select count(*) as n from events`)).toBeGreaterThanOrEqual(4);
    const untranslated = await count(sql`
      select count(*) as n from posts p where
        (select count(distinct language_code) from post_translations t where t.post_id = p.id) < 2`);
    expect(untranslated).toBe(0);
    const slugs = await database.rows<{ slug: string }>(sql`select slug from post_translations`);
    expect(slugs.map((row) => row.slug)).toEqual(
      expect.arrayContaining(['otporno-dijete', 'resilient-child']),
    );
    const menus = await database.rows<{ handle: string }>(
      sql`select handle from navigation_menus order by handle`,
    );
    expect(menus.map((menu) => menu.handle)).toEqual(['footer1', 'footer2', 'footer3', 'footer4', 'main']);
    expect(
      await count(sql`select count(*) as n from navigation_items where parent_id is not null`),
    ).toBeGreaterThan(0);
  });

  it('has 40+ products of every format, a bundle with a configurable member, and the special tags', async () => {
    expect(
      await count(sql`select count(*) as n from products where parent_id is null`),
    ).toBeGreaterThanOrEqual(40);
    const formats = await database.rows<{ format: string }>(
      sql`select distinct format from products order by format`,
    );
    expect(formats.map((row) => row.format)).toEqual(
      expect.arrayContaining(['Bundle', 'Configurable', 'EProduct', 'Simple']),
    );
    expect(
      await count(
        sql`select count(*) as n from bundle_items b join products p on p.id = b.product_id where p.format = 'Configurable'`,
      ),
    ).toBeGreaterThan(0);
    expect(
      await count(
        sql`select count(*) as n from bundle_items b join products p on p.id = b.product_id where p.format = 'Bundle'`,
      ),
    ).toBe(0);
    const tags = await database.rows<{ code: string }>(sql`select code from tags order by code`);
    expect(tags.map((tag) => tag.code)).toEqual(expect.arrayContaining(['NAJPRODAVANIJE', 'NOVO']));
  });

  it('has a pickup delivery method (code 15) with branches, payment methods, coupons and member cards', async () => {
    expect(
      await count(
        sql`select count(*) as n from delivery_branches b join delivery_methods m on m.id = b.method_id where m.method_code = 15`,
      ),
    ).toBeGreaterThanOrEqual(2);
    expect(await count(sql`select count(*) as n from payment_methods`)).toBeGreaterThanOrEqual(3);
    expect(await count(sql`select count(*) as n from coupons`)).toBeGreaterThanOrEqual(2);
    expect(await count(sql`select count(*) as n from member_cards`)).toBeGreaterThanOrEqual(5);
  });

  it('creates the demo accounts with working argon2 password hashes', async () => {
    const accounts = await database.rows<{
      email: string;
      password_hash: string;
      is_backoffice_user: boolean;
    }>(sql`select email, password_hash, is_backoffice_user from users order by id`);
    const admin = accounts.find((account) => account.email === demoAccounts.admin.email)!;
    expect(admin.is_backoffice_user).toBe(true);
    expect(await verifyPassword(admin.password_hash, demoAccounts.admin.password)).toBe(true);
    expect(await verifyPassword(admin.password_hash, 'wrong')).toBe(false);
  });

  it('writes the generated images into the media directory', async () => {
    const media = await database.rows<{ path: string }>(sql`select path from media`);
    expect(media.length).toBeGreaterThan(10);
    for (const item of media.slice(0, 20))
      expect(fs.existsSync(path.join(mediaDir, item.path)), item.path).toBe(true);
  });
});

describe('demo seed started by two processes at once', () => {
  it('loads the demo site exactly once', async () => {
    const fresh = await createTestDatabase();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seed-race-'));
    try {
      const results = await Promise.all([
        seedDemo(fresh.db, { storage: createLocalStorage(dir) }),
        seedDemo(fresh.db, { storage: createLocalStorage(dir) }),
      ]);
      expect(results.map((result) => result.seeded).sort()).toEqual([false, true]);
      const [row] = await fresh.rows<{ n: number }>(sql`select count(*)::int as n from sites`);
      expect(row?.n).toBe(1);
    } finally {
      await fresh.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
