import type { Cache } from '../cache/cache.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Logger } from '../logger.ts';
import type { LoyaltyProgramme } from '../modules/site/site.schema.ts';
import type { FileStorage } from '../storage/file-storage.ts';

export type SiteLanguage = { id: number; code: string; code2: string; name: string; isDefault: boolean };

export type StoreInfo = {
  id: number;
  name: string;
  languageCode: string;
  currency: { id: number; code: string; symbol: string; label: string; decimals: number };
  /** Display-currency units per 1 EUR, as a decimal string (exact). */
  eurRate: string;
  loyalty: LoyaltyProgramme | null;
  isDefault: boolean;
};

/** Everything about a site that a request needs, loaded once per site and cached. */
export type SiteInfo = {
  id: number;
  name: string;
  url: string;
  apiKeyToken: string;
  apiKeyId: number;
  subdomain: string;
  externalUrls: Record<string, string>;
  defaultLanguage: string;
  languages: SiteLanguage[];
  stores: StoreInfo[];
  domains: { name: string; host: string; isPrimary: boolean }[];
};

/** The logged-in user a request acts for (from a verified access token). */
export type RequestUser = {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  isBackofficeUser: boolean;
  /** Space-separated permission scopes, as in OAuth (`customer`, `admin`). */
  scope: string;
};

/** The first argument of every service call. */
export type RequestContext = {
  requestId: string;
  site: SiteInfo;
  store: StoreInfo;
  /** Two-letter code of the language the response is written in. */
  language: string;
  currency: StoreInfo['currency'];
  user: RequestUser | null;
  /**
   * The access token the client sent (header `accessToken`, `Authorization: Bearer` or the session
   * cookie); `user` is filled from it once the accounts module verified it.
   */
  accessToken: string | null;
  /** The refresh token of the session cookie, if any (logout ends that session). */
  refreshToken: string | null;
  /**
   * `Set-Cookie` values the answer must carry: the session cookies that login, refresh and logout
   * set or clear. The HTTP API sends them; for in-process calls the page response does.
   */
  responseCookies: string[];
  /** The client's address (rate limits, consent log); undefined for the server's own calls. */
  clientAddress: string | undefined;
  /** The request's Host header, for answers that name the address the client used (never trusted for links). */
  host: string | undefined;
  /** The request's Cookie header (the social login's state cookie); undefined for the server's own calls. */
  cookieHeader?: string;
};

/** What services are built from: one per process. */
export type Deps = {
  config: Config;
  db: Db;
  cache: Cache;
  logger: Logger;
  /** Media originals and resized variants: local directory or S3, shared by every process. */
  storage: FileStorage;
};
