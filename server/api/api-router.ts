import { OpenAPIHono, z } from '@hono/zod-openapi';
import { validationError } from './errors.ts';
import type { RequestContext } from './request-context.ts';

export type ApiEnv = {
  Variables: {
    ctx: RequestContext;
    requestId: string;
  };
};

/** Every API module builds its routes on this, so that validation failures share one format. */
export function createApiRouter() {
  return new OpenAPIHono<ApiEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationError(result.error, result.target);
    },
  });
}

const errorSchema = z
  .object({
    error: z.object({
      code: z.string().openapi({ example: 'VALIDATION_ERROR' }),
      statusCode: z.number().int().openapi({ example: 400 }),
      payload: z.object({
        message: z.string(),
        field: z.string().optional(),
        issues: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
      }),
    }),
  })
  .openapi('Error');

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: errorSchema } },
});

/** The documented responses of a route: `{ data }` on success plus the shared error shapes. */
export function jsonResponses<T extends z.ZodType>(schema: T, description = 'Success') {
  return {
    200: { description, content: { 'application/json': { schema: z.object({ data: schema }) } } },
    400: errorResponse('Invalid input: the payload names the failing field'),
    404: errorResponse('Not found'),
    500: errorResponse('Unexpected failure'),
  } as const;
}

export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
});

/** A file upload's body: the schema describes the form fields. */
export const multipartBody = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'multipart/form-data': { schema } }, required: true },
});
