import { redirect } from 'react-router';
import { localizedPath } from '../../core/route-table.ts';
import { privatePageHeaders } from '../lib/account.ts';
import type { Route } from './+types/adminLogin';
import { ErrorBoundary as AdminErrorBoundary, requireBackoffice } from './admin.tsx';

/**
 * The back office's way in: a back-office user goes on to the admin, a visitor to the login page
 * (and back to the admin after it), anyone else gets 403.
 */
export async function loader(args: Route.LoaderArgs) {
  const { language } = await requireBackoffice(args as unknown as Parameters<typeof requireBackoffice>[0]);
  throw redirect(localizedPath('admin', language), 302);
}

export const headers: Route.HeadersFunction = privatePageHeaders;

export default function AdminLogin() {
  return null;
}

export const ErrorBoundary = AdminErrorBoundary as unknown as (
  props: Route.ErrorBoundaryProps,
) => React.ReactNode;
