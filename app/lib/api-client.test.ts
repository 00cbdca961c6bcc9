import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineContract } from '../../core/contract.ts';
import { createApiClient, createFetchCaller, LOGOUT_URL, normalizeFailure } from './api-client.ts';

describe('normalizeFailure', () => {
  it('reads the server error format', () => {
    const failure = normalizeFailure(400, 'Bad Request', {
      error: {
        code: 'VALIDATION_ERROR',
        statusCode: 400,
        payload: { message: 'email: Invalid email', field: 'email' },
      },
    });
    expect(failure).toMatchObject({ message: 'email: Invalid email', statusCode: 400, field: 'email' });
  });
  it('falls back to a string body, errorMessage, message, then the status text', () => {
    expect(normalizeFailure(502, 'Bad Gateway', 'upstream down').message).toBe('upstream down');
    expect(normalizeFailure(400, 'x', { errorMessage: 'Coupon not found!' }).message).toBe(
      'Coupon not found!',
    );
    expect(normalizeFailure(400, 'x', { message: 'm' }).message).toBe('m');
    expect(normalizeFailure(0, '', null)).toMatchObject({ message: 'An error occurred', statusCode: 500 });
  });
});

const optionFilter = defineContract({
  method: 'get',
  path: '/v1/cms/option/filter',
  tags: ['test'],
  summary: 'test',
  query: z.object({ keys: z.string().optional(), empty: z.string().optional() }),
  output: z.object({ ok: z.number() }),
});
const tree = defineContract({
  method: 'get',
  path: '/v1/cms/navigation/tree/{id}',
  tags: ['test'],
  summary: 'test',
  params: z.object({ id: z.string() }),
  output: z.array(z.unknown()),
});
const subscribe = defineContract({
  method: 'post',
  path: '/v1/marketing/newsletter/subscribe',
  tags: ['test'],
  summary: 'test',
  writes: true,
  body: z.object({ email: z.string() }),
  output: z.object({ email: z.string() }),
});

describe('the fetch caller', () => {
  it('builds the URL from the contract, sends language and store, and unwraps data', async () => {
    const seen: { url: string; init: RequestInit }[] = [];
    const client = createApiClient(
      createFetchCaller(async (url, init) => {
        seen.push({ url: String(url), init: init ?? {} });
        return new Response(JSON.stringify({ data: { ok: 1 } }), { status: 200 });
      }),
      { language: 'en', storeId: 2 },
    );
    const result = await client.call(optionFilter, { query: { keys: 'Logo', empty: '' } });
    expect(result).toEqual({ data: { ok: 1 }, errored: false });
    expect(seen[0]!.url).toBe('/api/v1/cms/option/filter?keys=Logo');
    const headers = new Headers(seen[0]!.init.headers);
    expect(headers.get('language')).toBe('en');
    expect(headers.get('storeId')).toBe('2');
    expect(seen[0]!.init.method).toBe('GET');
    expect(seen[0]!.init.body).toBeUndefined();

    await client.call(tree, { params: { id: 'a/b c' } });
    expect(seen[1]!.url).toBe('/api/v1/cms/navigation/tree/a%2Fb%20c');

    await client.call(subscribe, { body: { email: 'a@b.hr' } });
    expect(seen[2]!.init.method).toBe('POST');
    expect(seen[2]!.init.body).toBe('{"email":"a@b.hr"}');
    expect(new Headers(seen[2]!.init.headers).get('content-type')).toBe('application/json');
  });

  it('reports a failed transport as status 0 with errored set, and the error format of a 4xx', async () => {
    const down = createApiClient(
      createFetchCaller(async () => {
        throw new TypeError('fetch failed');
      }),
      { language: 'hr' },
    );
    const failed = await down.call(subscribe, { body: { email: 'x' } });
    expect(failed.errored && failed.error.message).toBe('fetch failed');

    const refusing = createApiClient(
      createFetchCaller(async () =>
        Response.json(
          {
            error: {
              code: 'VALIDATION_ERROR',
              statusCode: 400,
              payload: { message: 'email: bad', field: 'email' },
            },
          },
          { status: 400 },
        ),
      ),
      { language: 'hr' },
    );
    const refused = await refusing.call(subscribe, { body: { email: 'x' } });
    expect(refused.errored && refused.error).toMatchObject({ statusCode: 400, field: 'email' });
  });

  it('after a 403 logs the browser out and calls once more; never for an authentication call', async () => {
    const login = defineContract({
      method: 'post',
      path: '/v1/login',
      tags: ['auth'],
      summary: 'login',
      body: z.object({ email: z.string() }),
      output: z.object({ email: z.string() }),
    });
    const seen: string[] = [];
    let loggedIn = true;
    const client = createApiClient(
      createFetchCaller(async (url, init) => {
        seen.push(`${init?.method} ${String(url)}`);
        if (String(url) === LOGOUT_URL) loggedIn = false;
        return loggedIn
          ? Response.json(
              { error: { code: 'FORBIDDEN', statusCode: 403, payload: { message: 'no' } } },
              { status: 403 },
            )
          : Response.json({ data: { email: 'a@b.hr' } });
      }),
      { language: 'hr' },
    );
    expect(await client.call(subscribe, { body: { email: 'a@b.hr' } })).toEqual({
      data: { email: 'a@b.hr' },
      errored: false,
    });
    expect(seen).toEqual([
      'POST /api/v1/marketing/newsletter/subscribe',
      `POST ${LOGOUT_URL}`,
      'POST /api/v1/marketing/newsletter/subscribe',
    ]);

    seen.length = 0;
    loggedIn = true;
    const refused = await client.call(login, { body: { email: 'a@b.hr' } });
    expect(refused.errored && refused.error.statusCode).toBe(403);
    expect(seen).toEqual(['POST /api/v1/login']);
  });
});
