import { afterEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, defaultPgliteSharedBuffersMb, openPglite } from './client.ts';

/** What PostgreSQL itself reports, so a start parameter PGlite ignored would show here. */
async function sharedBuffers(database: DatabaseHandle): Promise<string> {
  const result = await database.pglite!.query<{ shared_buffers: string }>('show shared_buffers');
  return result.rows[0]!.shared_buffers;
}

// A fresh PGlite start runs initdb in WASM: seconds on a quiet machine, more on a busy one.
describe('openPglite', () => {
  let database: DatabaseHandle | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it('starts PostgreSQL with the small default buffer cache instead of 128 MB', async () => {
    database = await openPglite();
    expect(await sharedBuffers(database)).toBe(`${defaultPgliteSharedBuffersMb}MB`);
  }, 120_000);

  it('takes the buffer cache size it is given', async () => {
    database = await openPglite({ sharedBuffersMb: 48 });
    expect(await sharedBuffers(database)).toBe('48MB');
  }, 120_000);
});
