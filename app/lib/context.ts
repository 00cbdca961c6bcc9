import { createContext } from 'react-router';
import type { ApiTransport } from './api-client.ts';

/** The API transport loaders use; the server puts an in-process one here for every request. */
export const apiTransportContext = createContext<ApiTransport>();

/**
 * Server settings pages need, from configuration: the maintenance flag, and the public address of the
 * shop (for canonical and Open Graph URLs; the request's own origin when it is not configured).
 */
export type AppSettings = { maintenance: boolean; publicUrl: string | null };
export const appSettingsContext = createContext<AppSettings>({ maintenance: false, publicUrl: null });
