import { BlockList, isIP } from 'node:net';

/**
 * Which proxies may tell us the client's address through `X-Forwarded-For`:
 * - `none`: nobody; the socket's peer is the client (the default, and right when nothing is in front);
 * - `hops`: that many proxies stand in front, so the address that many entries from the right is the client;
 * - `list`: proxies by address or range; entries are read from the right, skipping trusted ones.
 */
export type TrustProxy =
  | { kind: 'none' }
  | { kind: 'hops'; hops: number }
  | { kind: 'list'; list: BlockList };

const namedRanges: Record<string, [string, number, 'ipv4' | 'ipv6'][]> = {
  loopback: [
    ['127.0.0.0', 8, 'ipv4'],
    ['::1', 128, 'ipv6'],
  ],
  private: [
    ['10.0.0.0', 8, 'ipv4'],
    ['172.16.0.0', 12, 'ipv4'],
    ['192.168.0.0', 16, 'ipv4'],
    ['fc00::', 7, 'ipv6'],
  ],
  linklocal: [
    ['169.254.0.0', 16, 'ipv4'],
    ['fe80::', 10, 'ipv6'],
  ],
};

/**
 * Parses TRUST_PROXY: empty or `false` (none), a number of hops, or a comma-separated list of
 * addresses, CIDR ranges and the names loopback, private and linklocal. Throws a message naming the
 * entry that is wrong.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim().toLowerCase();
  if (text === '' || text === 'false' || text === '0') return { kind: 'none' };
  if (/^\d{1,2}$/.test(text)) return { kind: 'hops', hops: Number(text) };
  const list = new BlockList();
  for (const raw of text.split(',')) {
    const entry = raw.trim();
    if (!entry) continue;
    const named = namedRanges[entry];
    if (named) {
      for (const [network, prefix, type] of named) list.addSubnet(network, prefix, type);
      continue;
    }
    const [address, prefixText] = entry.split('/');
    const family = isIP(address ?? '');
    if (!family)
      throw new Error(
        `"${entry}" is not an address, a CIDR range, a hop count or loopback/private/linklocal`,
      );
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (prefixText === undefined) {
      list.addAddress(address!, type);
    } else {
      const prefix = Number(prefixText);
      if (!/^\d{1,3}$/.test(prefixText) || prefix > (family === 4 ? 32 : 128))
        throw new Error(`"${entry}" has an invalid prefix length`);
      list.addSubnet(address!, prefix, type);
    }
  }
  return { kind: 'list', list };
}

/** `::ffff:10.0.0.1` (an IPv4 peer on a dual-stack socket) is the IPv4 address it carries. */
function unmap(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return mapped ? mapped[1]! : address;
}

function isTrusted(list: BlockList, address: string): boolean {
  const family = isIP(address);
  return family !== 0 && list.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** Strips a port and brackets from one X-Forwarded-For entry; anything that is not an address is dropped. */
function forwardedEntry(raw: string): string | undefined {
  let entry = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(entry);
  if (bracketed) entry = bracketed[1]!;
  else if (/^\d{1,3}(?:\.\d{1,3}){3}:\d+$/.test(entry)) entry = entry.slice(0, entry.lastIndexOf(':'));
  entry = unmap(entry);
  return isIP(entry) ? entry : undefined;
}

/**
 * The client's address: the socket's peer, or, when that peer is a trusted proxy, the address the
 * proxies report. A forged `X-Forwarded-For` from a client that is not a trusted proxy changes nothing.
 */
export function resolveClientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | null | undefined,
  trust: TrustProxy,
): string | undefined {
  const peer = socketAddress ? unmap(socketAddress) : undefined;
  if (trust.kind === 'none' || !peer || !forwardedFor) return peer;
  const chain = forwardedFor
    .split(',')
    .map(forwardedEntry)
    .filter((entry): entry is string => entry !== undefined);
  if (trust.kind === 'hops') {
    // The socket peer is the nearest proxy; each further proxy appended the address it saw.
    const index = chain.length - trust.hops;
    if (trust.hops === 0 || chain.length === 0) return peer;
    return chain[Math.max(0, index)];
  }
  if (!isTrusted(trust.list, peer)) return peer;
  for (let index = chain.length - 1; index >= 0; index--) {
    if (!isTrusted(trust.list, chain[index]!)) return chain[index];
  }
  return chain[0] ?? peer;
}

/**
 * The key a client's requests are counted under: the address itself for IPv4, its /64 network for
 * IPv6 (one subscriber usually holds a whole /64, so counting single addresses would not limit them).
 */
export function rateLimitKey(address: string): string {
  if (isIP(address) !== 6) return address;
  const expanded = expandIpv6(address);
  return `${expanded.slice(0, 4).join(':')}::/64`;
}

function expandIpv6(address: string): string[] {
  const [head = '', tail = ''] = address.split('::');
  const headParts = head ? head.split(':') : [];
  const tailParts = address.includes('::') ? (tail ? tail.split(':') : []) : [];
  const missing = 8 - headParts.length - tailParts.length;
  const parts = address.includes('::')
    ? [...headParts, ...Array(missing).fill('0'), ...tailParts]
    : headParts;
  return parts.map((part) => part.toLowerCase().replace(/^0+(?=.)/, ''));
}
