import { createContext } from 'react-router';
import type { ApiTransport } from './api-client.ts';

/** The API transport loaders use; the server puts an in-process one here for every request. */
export const apiTransportContext = createContext<ApiTransport>();

/** Server settings pages need: the maintenance flag comes from configuration. */
export type AppSettings = { maintenance: boolean };
export const appSettingsContext = createContext<AppSettings>({ maintenance: false });
