import { notFoundOrRedirect } from '../lib/not-found.server.ts';
import { requestApi } from '../lib/request-language.ts';
import type { Route } from './+types/not-found';

/** Anything no route matches: a legacy or stored redirect, or a counted 404. */
export async function loader(args: Route.LoaderArgs) {
  return notFoundOrRedirect(requestApi(args).api, args.request);
}

export default function NotFound() {
  return null;
}
