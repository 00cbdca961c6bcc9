import { describe, expect, it } from 'vitest';
import { createApiClient, normalizeFailure } from './api-client.ts';

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

describe('createApiClient', () => {
  it('sends the language header and query, and unwraps data', async () => {
    const seen: { url: string; headers: Headers }[] = [];
    const client = createApiClient(
      async (url, init) => {
        seen.push({ url, headers: new Headers(init?.headers) });
        return new Response(JSON.stringify({ data: { ok: 1 } }), { status: 200 });
      },
      { language: 'en', storeId: 2 },
    );
    const result = await client.get<{ ok: number }>('v1/cms/option/filter', {
      query: { keys: 'Logo', empty: '' },
    });
    expect(result).toEqual({ data: { ok: 1 }, errored: false });
    expect(seen[0]!.url).toBe('/api/v1/cms/option/filter?keys=Logo');
    expect(seen[0]!.headers.get('language')).toBe('en');
    expect(seen[0]!.headers.get('storeId')).toBe('2');
  });
  it('reports a failed transport as status 0 with errored set', async () => {
    const client = createApiClient(
      async () => {
        throw new TypeError('fetch failed');
      },
      { language: 'hr' },
    );
    const result = await client.post('v1/x');
    expect(result.errored).toBe(true);
    expect(result.errored && result.error.message).toBe('fetch failed');
  });
});
