import { randomUUID } from 'node:crypto';

/** An `X-Request-Id` a caller may set: a plain token of 8 to 80 characters. */
const REQUEST_ID = /^[A-Za-z0-9._-]{8,80}$/;

/** The request's id: the caller's `X-Request-Id` when it is a plain token, else a new one. */
export const requestIdFor = (incoming: string | string[] | undefined): string =>
  typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
