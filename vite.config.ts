import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';

/**
 * In the browser, islands translate with a small function over the page language's catalog instead of
 * i18next (docs/decisions/0180-islands.md): the client build resolves `react-i18next` to it.
 */
function clientTranslations(): Plugin {
  const shim = fileURLToPath(new URL('./app/i18n/react-i18next.client.ts', import.meta.url));
  return {
    name: 'client-translations',
    enforce: 'pre',
    resolveId(source) {
      if (source === 'react-i18next' && this.environment.name === 'client') return shim;
      return null;
    },
  };
}

export default defineConfig({
  plugins: [clientTranslations(), tailwindcss(), reactRouter()],
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
