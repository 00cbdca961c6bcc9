import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';
import { parseStylesheet } from './app/lib/stylesheet-pruning.server.ts';

/**
 * The browser runs the islands on Preact through `preact/compat` (docs/decisions/0195-preact-islands.md):
 * the same components and hooks, about 50 kB (gzip) less than React DOM's client on every page. The
 * server and the tests still render with React 19. To go back to React in the browser, empty this map.
 */
const BROWSER_RUNTIME: Partial<Record<string, string>> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
};

/**
 * The browser's code is the island entry and what it imports (docs/decisions/0180-islands.md):
 * - islands translate with a small function over the page language's catalog instead of i18next, so
 *   the client build resolves `react-i18next` to it (and the server build to a cheaper hook over
 *   i18next, react-i18next.server.tsx);
 * - the build fails if anything the entry reaches (statically or through an island's dynamic import)
 *   is React Router, i18next, zod or server code (contracts aside): that would either not work without the router or blow
 *   the page's JavaScript budget. (React Router still builds the route modules; no page loads them.)
 */
function islands(): Plugin {
  const shim = fileURLToPath(new URL('./app/i18n/react-i18next.client.ts', import.meta.url));
  const serverHook = fileURLToPath(new URL('./app/i18n/react-i18next.server.tsx', import.meta.url));
  const forbidden =
    /[\\/]node_modules[\\/](react-router|@react-router|i18next|zod)[\\/]|[\\/]server[\\/](?!modules[\\/][^\\/]+[\\/][^\\/]+\.contract\.ts$)|\.server\.tsx?$/;
  const reactsOwn = /[\\/]node_modules[\\/](react|react-dom|react-router|@react-router)[\\/]/;
  // With the browser runtime swapped, React itself reaching the browser's code means the swap failed.
  const forbiddenRuntime =
    Object.keys(BROWSER_RUNTIME).length > 0 ? /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ : null;
  return {
    name: 'islands',
    enforce: 'pre',
    resolveId(source, importer) {
      const client = this.environment.name === 'client';
      // React Router's own modules (still built for the route modules, which no page loads) keep React.
      const swapped = client && Object.hasOwn(BROWSER_RUNTIME, source) && !reactsOwn.test(importer ?? '');
      const runtime = swapped ? BROWSER_RUNTIME[source] : undefined;
      if (runtime) return this.resolve(runtime, importer, { skipSelf: true });
      if (source !== 'react-i18next') return null;
      return client ? shim : serverHook;
    },
    // React Refresh (React Router's plugin) cannot update Preact's components in place: in development a
    // change to the browser's code reloads the page (the server renders it anew anyway).
    hotUpdate({ modules }) {
      if (this.environment.name !== 'client' || modules.length === 0) return;
      this.environment.hot.send({ type: 'full-reload' });
      return [];
    },
    generateBundle() {
      if (this.environment.name !== 'client') return;
      const entry = [...this.getModuleIds()].find((id) => /[\\/]app[\\/]entry\.client\.tsx$/.test(id));
      if (!entry) return;
      const seen = new Map<string, string | undefined>([[entry, undefined]]);
      const queue = [entry];
      for (let id = queue.shift(); id; id = queue.shift()) {
        const info = this.getModuleInfo(id);
        for (const next of [...(info?.importedIds ?? []), ...(info?.dynamicallyImportedIds ?? [])]) {
          if (seen.has(next)) continue;
          seen.set(next, id);
          if (forbidden.test(next) || forbiddenRuntime?.test(next)) {
            const chain = [next];
            for (let from = seen.get(next); from; from = seen.get(from)) chain.unshift(from);
            this.error(`The browser's code must not reach ${next}:\n  ${chain.join('\n  -> ')}`);
          }
          queue.push(next);
        }
      }
    },
  };
}

/**
 * The classes the browser's code may set, per island (docs/decisions/0566-inline-stylesheet-per-page.md):
 * the server inlines only the rules a page can use, which are those of the classes in its markup and
 * of every class its islands' code may write once hydrated (a dialog opened, a toast shown). From the
 * client build's chunks: the entry's own (with its static imports) for every page, and per island its
 * chunk with everything that chunk imports, statically or dynamically. The server build reads them
 * from `virtual:island-class-tokens` (the client is built first); null in development, where the
 * stylesheet is linked whole.
 */
function islandClassTokens(): Plugin {
  const VIRTUAL = 'virtual:island-class-tokens';
  let tokens: { entry: string[]; islands: Record<string, string[]> } | null = null;
  return {
    name: 'island-class-tokens',
    resolveId(source) {
      return source === VIRTUAL ? `\0${VIRTUAL}` : null;
    },
    load(id) {
      return id === `\0${VIRTUAL}` ? `export default ${JSON.stringify(tokens)};` : null;
    },
    generateBundle(_options, bundle) {
      if (this.environment.name !== 'client') return;
      const ids = [...this.getModuleIds()];
      const registry = ids.find((id) => /[\\/]app[\\/]islands[\\/]registry\.ts$/.test(id));
      const entryId = ids.find((id) => /[\\/]app[\\/]entry\.client\.tsx$/.test(id));
      if (!registry || !entryId) return;
      const source = fs.readFileSync(registry, 'utf8');
      const loaders = [...source.matchAll(/(\w+):\s*\(\)\s*=>\s*import\('([^']+)'\)/g)];
      if (loaders.length !== (source.match(/import\(/g) ?? []).length)
        this.error("island-class-tokens: every island loader must read `name: () => import('…')`");
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const chunkOf = (id: string) =>
        chunks.find((chunk) => chunk.facadeModuleId === id) ??
        chunks.find((chunk) => chunk.moduleIds.includes(id));
      // Only names the stylesheet has a rule for are worth carrying to the server.
      const styled = new Set<string>();
      for (const output of Object.values(bundle))
        if (output.type === 'asset' && output.fileName.endsWith('.css'))
          for (const name of parseStylesheet(
            typeof output.source === 'string' ? output.source : new TextDecoder().decode(output.source),
          ).classes)
            styled.add(name);
      if (styled.size === 0) this.error('island-class-tokens: the client build has no stylesheet');
      // Class candidates as Tailwind finds them in source: runs of characters between quotes and spaces.
      const candidates = (code: string) =>
        code
          .split(/[\s"'`]+/)
          .filter((token) => token.length <= 120 && /^[!-~]+$/.test(token) && /[a-z]/.test(token));
      const reach = (fileName: string, dynamic: boolean, into = new Set<string>()) => {
        if (into.has(fileName)) return into;
        into.add(fileName);
        const chunk = byFile.get(fileName);
        for (const next of [...(chunk?.imports ?? []), ...(dynamic ? (chunk?.dynamicImports ?? []) : [])])
          reach(next, dynamic, into);
        return into;
      };
      const tokensOf = (files: Set<string>, except: ReadonlySet<string> = new Set()) => {
        const found = new Set<string>();
        for (const file of files)
          for (const token of candidates(byFile.get(file)?.code ?? '')) found.add(token);
        return [...found].filter((token) => styled.has(token) && !except.has(token)).sort();
      };
      const entryChunk = chunkOf(entryId);
      if (!entryChunk) this.error('island-class-tokens: no chunk for the island entry');
      const entry = tokensOf(reach(entryChunk.fileName, false));
      const always = new Set(entry);
      const islands: Record<string, string[]> = {};
      for (const [, name, specifier] of loaders) {
        const chunk = chunkOf(path.resolve(path.dirname(registry), specifier!));
        if (!chunk) this.error(`island-class-tokens: no chunk for the island ${name}`);
        islands[name!] = tokensOf(reach(chunk.fileName, true), always);
      }
      tokens = { entry, islands };
    },
  };
}

export default defineConfig({
  plugins: [islands(), islandClassTokens(), tailwindcss(), reactRouter()],
  server: { hmr: { port: 24678 } },
  environments: {
    client: {
      // Development: the browser runtime's modules are bundled once, up front, into one copy of Preact.
      optimizeDeps: {
        include: [...new Set(Object.values(BROWSER_RUNTIME))].filter((id) => id !== undefined),
      },
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                // The islands' runtime (Preact, 0195), which every island needs: one chunk, preloaded with the entry.
                { name: 'preact', test: /node_modules[\\/]preact[\\/]/, priority: 2 },
              ],
            },
          },
        },
      },
    },
  },
});
