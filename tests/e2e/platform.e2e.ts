import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { catalogs } from '../../app/i18n/catalog.ts';
import { expect, test } from './fixtures.ts';
import { spawnServer, waitUntilReady } from './server-process.ts';

let dataDir: string;
test.beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-platform-'));
});
test.afterEach(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('a second server on the same data directory exits at once, and the first keeps serving', async () => {
  const first = spawnServer(dataDir, 3201);
  try {
    await waitUntilReady(first);
    const second = spawnServer(dataDir, 3202);
    const code = await Promise.race([
      second.exited,
      new Promise((resolve) => setTimeout(() => resolve('timeout'), 15_000)),
    ]);
    expect(code).toBe(2);
    expect(second.output()).toContain('Another server process is already using the data directory');
    const ready = await fetch('http://127.0.0.1:3201/readyz');
    expect(ready.status).toBe(200);
    const home = await fetch('http://127.0.0.1:3201/');
    expect(home.status).toBe(200);
  } finally {
    first.child.kill('SIGTERM');
  }
  // SIGTERM is a graceful stop: connections drain, the database closes, the exit code is 0.
  expect(await first.exited).toBe(0);
});

test('kill -9 during a stream of writes loses no acknowledged write', async () => {
  test.setTimeout(180_000);
  const subscribe = (port: number, email: string) =>
    fetch(`http://127.0.0.1:${port}/api/v1/marketing/newsletter/subscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });

  const server = spawnServer(dataDir, 3203);
  await waitUntilReady(server);
  const acknowledged: string[] = [];
  let stop = false;
  let counter = 0;
  const writer = async () => {
    while (!stop) {
      const email = `reader${counter++}@example.com`;
      try {
        const response = await subscribe(3203, email);
        if (response.status === 200) acknowledged.push(email);
      } catch {
        // the connection died with the process: this write was never acknowledged
      }
    }
  };
  const writers = Promise.all([writer(), writer(), writer(), writer()]);
  await new Promise((resolve) => setTimeout(resolve, 2500));
  server.child.kill('SIGKILL');
  await server.exited;
  stop = true;
  await writers;
  expect(acknowledged.length).toBeGreaterThan(10);

  const restarted = spawnServer(dataDir, 3204);
  try {
    await waitUntilReady(restarted);
    const lost: string[] = [];
    for (const email of acknowledged) {
      const response = await subscribe(3204, email);
      const body = (await response.json()) as { data?: { alreadySubscribed?: boolean } };
      if (!body.data?.alreadySubscribed) lost.push(email);
    }
    expect(lost).toEqual([]);
  } finally {
    restarted.child.kill('SIGTERM');
    await restarted.exited;
  }
});

test('maintenance mode replaces every page with the maintenance message, with status 503', async ({
  page,
}) => {
  const server = spawnServer(dataDir, 3205, { MAINTENANCE_MODE: 'true' });
  try {
    await waitUntilReady(server);
    const hr = await page.goto('http://127.0.0.1:3205/');
    expect(hr?.status()).toBe(503);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(catalogs.hr.maintenance.title);
    const en = await page.goto('http://127.0.0.1:3205/en');
    expect(en?.status()).toBe(503);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(catalogs.en.maintenance.title);
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
  }
});
