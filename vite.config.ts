import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  server: { hmr: { port: 24678 } },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                // Every page needs the same libraries (React, React Router, i18next): one chunk, one request.
                { name: 'framework', test: /node_modules[\\/]/, priority: 2 },
                // App modules several screens share (links, money, cards): one chunk instead of a dozen
                // sub-kilobyte requests; the page language's catalog stays its own dynamic chunk.
                { name: 'shared', test: /[\\/](app|core)[\\/]/, minShareCount: 2, priority: 1 },
              ],
            },
          },
        },
      },
    },
  },
});
