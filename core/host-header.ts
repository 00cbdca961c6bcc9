/**
 * Host headers (RFC 9110 §7.2: `uri-host [":" port]`), checked in one place for the HTTP layer, its
 * fast lane and the links a site writes with the request's host.
 */

/**
 * Any Host header RFC 9110 allows: a name or IPv4 address (RFC 3986 reg-name without
 * percent-encoding) or a bracketed IPv6 literal, and an optional port. Anything else is refused
 * with 400 before a request reaches a route.
 */
const HOST_HEADER = /^(?:\[[0-9A-Fa-f:.]{2,45}\]|[A-Za-z0-9._~!$&'()*+,;=-]{1,253})(?::\d{0,5})?$/;

/**
 * A plain host: a DNS name (labels of letters, digits and hyphens, a final dot allowed) or a
 * bracketed IPv6 literal, and an optional port. The only hosts a link is written with and the only
 * ones the HTTP fast lane answers (the rest go the long way).
 */
const PLAIN_HOST = /^(?:[a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63})*\.?|\[[0-9a-f:.]{2,45}\])(?::\d{1,5})?$/i;

export const isHostHeader = (value: string) => HOST_HEADER.test(value);

export const isPlainHost = (value: string) => value.length <= 261 && PLAIN_HOST.test(value);
