import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { defaultOriginOf, parseEnv } from './src/server/config';
import { originTags } from './src/server/modules/pages/templates';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

/**
 * `npm run dev` serves index.html from Vite, not from the server, which writes the default origin
 * into every page's head (docs/decisions/0121): the same tags here, from the same settings.
 */
const defaultOrigin = (): Plugin => ({
  name: 'default-origin',
  apply: 'serve',
  transformIndexHtml: (html) => html.replace('</head>', `  ${originTags(defaultOriginOf(parseEnv()))}\n  </head>`),
});

export default defineConfig({
  root: fileURLToPath(new URL('./src/web', import.meta.url)),
  publicDir: fileURLToPath(new URL('./src/web/public', import.meta.url)),
  plugins: [react(), tailwindcss(), defaultOrigin()],
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    sourcemap: false,
    // .vite/manifest.json: the chunks of each screen, which the server preloads for the pages it answers with the shell.
    manifest: true,
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/uploads': { target: apiTarget, changeOrigin: false },
      '/ws': { target: apiTarget.replace(/^http/, 'ws'), ws: true },
    },
  },
});
