import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApiClient, createFetchCaller } from '../../app/lib/api-client.ts';
import { type Contract, type ContractCaller, defineContract } from '../../core/contract.ts';
import { seedDemo } from '../db/seed/seed.ts';
import { createLogger } from '../logger.ts';
import { categoryGet, productWebFilter } from '../modules/catalogue/catalogue.contract.ts';
import {
  navigationTree,
  postFilterStandard,
  storefrontShell,
  termBySlug,
  termFilter,
} from '../modules/cms/cms.contract.ts';
import { eventFilter } from '../modules/events/events.contract.ts';
import { siteSearch } from '../modules/search/search.contract.ts';
import { createLocalStorage } from '../storage/local-storage.ts';
import { createTestApp } from '../testing/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-db.ts';
import { ContractDriftError, createContractRouter } from './contract-router.ts';
import { createInProcessCaller } from './in-process-caller.ts';

let database: TestDatabase;
let mediaDir: string;
let testApp: ReturnType<typeof createTestApp>;
let http: ContractCaller;

const visitor = new Headers({ host: 'localhost' });

beforeAll(async () => {
  database = await createTestDatabase();
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'in-process-media-'));
  // The whole demo: site, content and catalogue, as `npm run demo` loads it.
  await seedDemo(database.db, { storage: createLocalStorage(mediaDir) });
  testApp = createTestApp(database);
  http = createFetchCaller(async (url, init) => {
    const headers = new Headers(init?.headers);
    headers.set('host', 'localhost');
    return testApp.app.request(String(url), { ...init, headers });
  });
}, 120_000);

afterAll(async () => {
  await database.destroy();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

/** What a JSON round trip would make of a value (the HTTP path's view of the same answer). */
const overJson = (value: unknown) => JSON.parse(JSON.stringify(value));

describe('the in-process caller', () => {
  const calls: [string, Contract, object, string][] = [
    ['shell', storefrontShell, {}, 'hr'],
    ['shell in English', storefrontShell, {}, 'en'],
    ['a menu', navigationTree, { params: { id: 'main' } }, 'hr'],
    ['terms', termFilter, { query: { type: 'category' } }, 'en'],
    ['posts', postFilterStandard, { body: { filters: { postTypeSlugs: ['post'] }, limit: 3 } }, 'hr'],
    ['one page', postFilterStandard, { body: { filters: { slug: 'o-nama' }, limit: 1 } }, 'hr'],
    ['a category', categoryGet, { query: { slug: 'knjige' } }, 'hr'],
    ['products', productWebFilter, { body: { mainCategory: 'knjige', limit: 4 } }, 'hr'],
    ['events', eventFilter, { body: { upcoming: false, limit: 2 } }, 'hr'],
    ['search', siteSearch, { query: { search: 'dijete', category: 'posts,products' } }, 'hr'],
  ];

  for (const [name, contract, input, language] of calls) {
    it(`answers ${name} as the HTTP path does`, async () => {
      const inProcess = testApp.inProcessCaller(visitor, 'test-request');
      const [direct, overHttp] = await Promise.all([
        inProcess(contract, input as never, { language }),
        http(contract, input as never, { language }),
      ]);
      expect(direct.errored, JSON.stringify(direct.errored && direct.error)).toBe(false);
      expect(overHttp.errored).toBe(false);
      expect(overJson(direct.data)).toEqual(overHttp.data);
    });
  }

  it('refuses invalid input with the same error, and reports a missing thing the same way', async () => {
    const inProcess = testApp.inProcessCaller(visitor, 'test-request');
    const bad = { body: { page: 0 } } as never;
    const [direct, overHttp] = await Promise.all([
      inProcess(postFilterStandard, bad, { language: 'hr' }),
      http(postFilterStandard, bad, { language: 'hr' }),
    ]);
    expect(direct.errored && direct.error).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_ERROR',
      field: 'page',
    });
    expect(overHttp.errored && overHttp.error).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_ERROR',
      field: 'page',
    });
    expect(direct.errored && direct.error.message).toBe(overHttp.errored && overHttp.error.message);

    const missing = { params: { slug: 'nema-takve-kategorije' } };
    const [none, noneHttp] = await Promise.all([
      inProcess(termBySlug, missing, { language: 'hr' }),
      http(termBySlug, missing, { language: 'hr' }),
    ]);
    expect(none.errored && none.error.statusCode).toBe(404);
    expect(noneHttp.errored && noneHttp.error.statusCode).toBe(404);
  });

  it('makes a read repeated within one page request once, and again for the next request', async () => {
    const page = createApiClient(testApp.inProcessCaller(visitor, 'page-1'), { language: 'hr' });
    const first = await page.call(storefrontShell);
    const second = await page.call(storefrontShell);
    expect(second).toBe(first);
    const nextPage = createApiClient(testApp.inProcessCaller(visitor, 'page-2'), { language: 'hr' });
    expect(await nextPage.call(storefrontShell)).not.toBe(first);
  });

  it("takes only Host and cookies from the page request: the API's own headers cannot pick the site", async () => {
    const page = new Headers({ host: 'localhost', apikey: 'not-a-key', siteid: '999', language: 'de' });
    const answer = await testApp.inProcessCaller(page, 'headers')(storefrontShell, {}, { language: 'hr' });
    expect(answer.errored).toBe(false);
    const plain = await testApp.inProcessCaller(visitor, 'plain')(storefrontShell, {}, { language: 'hr' });
    expect(answer.data).toEqual(plain.data);
    // Over HTTP the same apiKey header is refused: there it is the client's to send.
    const overHttp = await testApp.app.request('/api/v1/cms/shell', {
      headers: { host: 'localhost', apikey: 'not-a-key' },
    });
    expect(overHttp.status).toBe(401);
  });

  it('fails loudly, outside production, when a handler answers outside its contract', async () => {
    const drifting = defineContract({
      method: 'get',
      path: '/v1/test/drift',
      tags: ['test'],
      summary: 'A handler that does not keep its word',
      output: z.object({ count: z.number().int() }),
    });
    const router = createContractRouter({ checkOutput: true });
    router.implement(drifting, () => ({ count: 'three' }) as never);
    const caller = createInProcessCaller({
      implementations: router.implementations,
      sites: testApp.services.sites,
      logger: createLogger('silent'),
      checkOutput: true,
    })(visitor, 'drift');
    await expect(caller(drifting, {}, { language: 'hr' })).rejects.toBeInstanceOf(ContractDriftError);
  });
});
