import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';

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
  return {
    name: 'islands',
    enforce: 'pre',
    resolveId(source) {
      if (source !== 'react-i18next') return null;
      return this.environment.name === 'client' ? shim : serverHook;
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
          if (forbidden.test(next)) {
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

export default defineConfig({
  plugins: [islands(), tailwindcss(), reactRouter()],
  server: { hmr: { port: 24678 } },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                // React and React DOM, which every island needs: one chunk, preloaded with the entry.
                { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
              ],
            },
          },
        },
      },
    },
  },
});
