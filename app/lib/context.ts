import { createContext } from 'react-router';
import type { ContractCaller } from '../../core/contract.ts';

/** How loaders and actions call the API; the server puts an in-process caller here for every request. */
export const contractCallerContext = createContext<ContractCaller>();

/**
 * Server settings pages need, from configuration: the maintenance flag, and whether the developer tools
 * (releases, domain picker, section tool) are on (outside production, or DEV_TOOLS=true).
 */
export type AppSettings = { maintenance: boolean; devTools?: boolean };
export const appSettingsContext = createContext<AppSettings>({ maintenance: false });

/** The Content-Security-Policy nonce of the response being rendered (server only). */
export const cspNonceContext = createContext<string>('');
