import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';
import { testEnv } from './test-env.ts';

/**
 * Migrates one template database per test run; every test file then gets its own copy of it
 * (a PGlite data-dir dump loaded in memory, or a PostgreSQL database created from the template).
 */
export default async function setup(project: TestProject) {
  const runId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  if (testEnv.TEST_DATABASE_URL) {
    const template = `shop_tpl_${runId}`;
    const admin = postgres(testEnv.TEST_DATABASE_URL, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE ${template}`);
    const templateUrl = withDatabase(testEnv.TEST_DATABASE_URL, template);
    const { openPostgres } = await import('../db/client.ts');
    const handle = await openPostgres(templateUrl, { max: 1 });
    await runMigrations(handle, templateUrl);
    await handle.close();
    project.provide('pgTemplate', template);
    return async () => {
      // Copies made by test files are dropped by the files; drop leftovers of crashed runs too.
      const leftovers = await admin<{ datname: string }[]>`
        select datname from pg_database where datname like ${`shop_t_${runId}_%`} or datname = ${template}`;
      for (const { datname } of leftovers)
        await admin.unsafe(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      await admin.end();
    };
  }
  const handle = await openPglite();
  await runMigrations(handle);
  const dump = await handle.pglite!.dumpDataDir('none');
  await handle.close();
  const file = path.join(os.tmpdir(), `shop-pglite-template-${runId}.tar`);
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  project.provide('runId', runId);
  return () => fs.rmSync(file, { force: true });
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate?: string;
    pgliteTemplate?: string;
    runId?: string;
  }
}
