import { TrieRouter } from 'hono/router/trie-router';

type RouteEntry = { method: string; path: string };

/**
 * The methods each registered path answers, so that a request with another method gets 405 and an
 * `Allow` header instead of a 404, and `OPTIONS` can say what a path supports.
 */
export function createMethodTable(routes: readonly RouteEntry[]) {
  const router = new TrieRouter<string>();
  for (const route of routes) {
    // Middleware is registered as ALL; it answers nothing by itself.
    if (route.method === 'ALL') continue;
    router.add('ALL', route.path, route.method.toUpperCase());
  }
  return {
    /** The methods `path` answers (HEAD wherever GET is, OPTIONS always), or [] for an unknown path. */
    allowed(path: string): string[] {
      const [matches] = router.match('GET', path);
      const methods = new Set(matches.map(([method]) => method));
      if (methods.size === 0) return [];
      if (methods.has('GET')) methods.add('HEAD');
      methods.add('OPTIONS');
      const order = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
      return [...methods].sort((a, b) => order.indexOf(a) - order.indexOf(b));
    },
  };
}

export type MethodTable = ReturnType<typeof createMethodTable>;

type OpenApiPaths = Record<string, Record<string, { 'x-writes'?: boolean } | undefined>>;

/**
 * The API operations that change data: every PUT, PATCH and DELETE, and the POSTs marked
 * `x-writes` (the specification's API also uses POST for reads with a body, such as filters, so a
 * POST alone does not make a write). They count against the per-client write budget.
 */
export function createWriteTable(paths: OpenApiPaths) {
  const router = new TrieRouter<true>();
  for (const [path, operations] of Object.entries(paths)) {
    const honoPath = path.replace(/\{([^}]+)\}/g, ':$1');
    for (const [method, operation] of Object.entries(operations)) {
      if (['put', 'patch', 'delete'].includes(method) || operation?.['x-writes'] === true)
        router.add(method.toUpperCase(), honoPath, true);
    }
  }
  return {
    writes: (method: string, path: string) => router.match(method.toUpperCase(), path)[0].length > 0,
  };
}
