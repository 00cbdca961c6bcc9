/** The parts of oidc-provider (a certified OpenID Provider; it ships no types) that the tests use. */
declare module 'oidc-provider' {
  type Account = { accountId: string; claims: () => Promise<Record<string, unknown>> };
  type Grant = {
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    save(): Promise<string>;
  };
  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    callback(): (
      request: import('node:http').IncomingMessage,
      response: import('node:http').ServerResponse,
    ) => void;
    Grant: new (properties: {
      accountId: string;
      clientId: string;
    }) => Grant;
    proxy: boolean;
    on(event: string, listener: (...args: unknown[]) => void): void;
  }
  export type { Account };
}
