import { createContext } from 'react-router';
import type { ApiTransport } from './api-client.ts';

/** The API transport loaders use; the server puts an in-process one here for every request. */
export const apiTransportContext = createContext<ApiTransport>();

/** Server settings pages need, from configuration: the maintenance flag. */
export type AppSettings = { maintenance: boolean };
export const appSettingsContext = createContext<AppSettings>({ maintenance: false });

/** The Content-Security-Policy nonce of the response being rendered (server only). */
export const cspNonceContext = createContext<string>('');
