import { data } from 'react-router';
import { languageOfPath, type UiLanguage } from '../../core/languages.ts';
import { createApiClient } from './api-client.ts';
import { contractCallerContext } from './context.ts';

type LoaderArgsLike = {
  request: Request;
  context: { get: <T>(key: import('react-router').RouterContext<T>) => T };
};

/**
 * The path a document request or a client navigation's data request (`/en.data`, `/_root.data` for
 * the root) is for.
 */
export function requestPath(request: Request): string {
  const { pathname } = new URL(request.url);
  if (pathname === '/_root.data') return '/';
  return pathname.replace(/\.data$/, '');
}

/** The language of the request URL and an API client speaking it. */
export function requestApi({ request, context }: LoaderArgsLike) {
  const language: UiLanguage = languageOfPath(requestPath(request));
  return { language, api: createApiClient(context.get(contractCallerContext), { language }) };
}

export function notFoundResponse(): never {
  throw data(null, { status: 404 });
}
