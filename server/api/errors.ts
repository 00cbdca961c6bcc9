import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';

export type ApiErrorBody = {
  error: {
    code: string;
    statusCode: number;
    payload: { message: string; field?: string; issues?: { field: string; message: string }[] };
  };
};

/** A failure the client can act on. Its message is shown to users, so it never carries internals. */
export class ApiError extends Error {
  readonly status: ContentfulStatusCode;
  readonly code: string;
  readonly field?: string;
  readonly issues?: { field: string; message: string }[];

  constructor(
    status: ContentfulStatusCode,
    code: string,
    message: string,
    extra: { field?: string; issues?: { field: string; message: string }[] } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.field = extra.field;
    this.issues = extra.issues;
  }
}

export const badRequest = (message: string, field?: string) =>
  new ApiError(400, 'BAD_REQUEST', message, { field });
export const unauthorized = (message = 'Authentication required.') =>
  new ApiError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = 'Not allowed.') => new ApiError(403, 'FORBIDDEN', message);
export const notFound = (message = 'Not found.') => new ApiError(404, 'NOT_FOUND', message);
export const conflict = (message: string) => new ApiError(409, 'CONFLICT', message);

/** Turns zod issues into the error format, naming the first failing field (dot path). */
export function validationError(error: z.ZodError, source?: string): ApiError {
  const issues = error.issues.map((issue) => ({
    field: issue.path.map(String).join('.') || source || 'body',
    message: issue.message,
  }));
  const first = issues[0] ?? { field: source ?? 'body', message: 'Invalid input' };
  return new ApiError(400, 'VALIDATION_ERROR', `${first.field}: ${first.message}`, {
    field: first.field,
    issues,
  });
}

export function errorBody(error: ApiError): ApiErrorBody {
  const payload: ApiErrorBody['error']['payload'] = { message: error.message };
  if (error.field) payload.field = error.field;
  if (error.issues) payload.issues = error.issues;
  return { error: { code: error.code, statusCode: error.status, payload } };
}

export function errorResponse(c: Context, error: ApiError) {
  return c.json(errorBody(error), error.status);
}
