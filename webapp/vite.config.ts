import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const THEME_COLOR = '#9a4a12';
const BACKGROUND_COLOR = '#fbf8f3';

// `npm run dev` forwards server paths to a running Go server (make run), port overridable.
const DEV_SERVER = process.env.LAMPLIGHT_DEV_SERVER ?? 'http://127.0.0.1:8080';

const LOCALES_DIR = fileURLToPath(new URL('./src/shared/i18n/locales/', import.meta.url));
const MODULE_API_ERRORS = 'virtual:module-api-errors/';

/**
 * `virtual:module-api-errors/<lng>` is the `apiError` key of every namespace file of a locale but
 * common (locales/<lng>/<module>.json) merged: the messages of each module's error codes ship with
 * the locale, while the rest of its namespace stays lazy (src/shared/i18n/i18n.ts).
 */
export function moduleApiErrors(): Plugin {
  return {
    name: 'lamplight:module-api-errors',
    resolveId(id) {
      return id.startsWith(MODULE_API_ERRORS) ? `\0${id}` : null;
    },
    async load(id) {
      if (!id.startsWith(`\0${MODULE_API_ERRORS}`)) return null;
      const dir = join(LOCALES_DIR, id.slice(MODULE_API_ERRORS.length + 1));
      const texts: Record<string, unknown> = {};
      for (const file of (await readdir(dir)).filter((name) => name.endsWith('.json') && name !== 'common.json').sort()) {
        this.addWatchFile(join(dir, file));
        const { apiError } = JSON.parse(await readFile(join(dir, file), 'utf8')) as { apiError?: object };
        Object.assign(texts, apiError);
      }
      return `export default ${JSON.stringify(texts)};`;
    },
    // A namespace file added or removed changes what its locale's module reads.
    configureServer(server) {
      server.watcher.on('all', (_event, file) => {
        const locale = relative(LOCALES_DIR, file).split(sep)[0];
        const module = server.moduleGraph.getModuleById(`\0${MODULE_API_ERRORS}${locale}`);
        if (module) void server.reloadModule(module);
      });
    },
  };
}

export default defineConfig({
  server: {
    fs: { allow: ['.', '../modules/bible/data'] }, // the Bible data is shared with the Go kernel
    proxy: {
      '/api': DEV_SERVER,
      '/_content': DEV_SERVER,
      '/healthz': DEV_SERVER,
    },
  },
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)), '@bible-data': fileURLToPath(new URL('../modules/bible/data', import.meta.url)) },
  },
  build: {
    manifest: true,
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across deploys.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
            // Only what every page needs; libraries used by one lazy route stay in its chunk.
            {
              name: 'vendor',
              test: /node_modules[\\/](react-router|@reduxjs|react-redux|redux|reselect|immer|i18next|react-i18next)[\\/]/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  plugins: [
    moduleApiErrors(),
    react(),
    VitePWA({
      // A new version waits for the reader's Reload (src/shared/pwa/PwaNotices.tsx).
      registerType: 'prompt',
      injectRegister: false,
      // Our own service worker (sw/sw.ts): network-first navigations with the cached shell as
      // fallback, the push handlers (public/push-sw.js) and the reader's runtime caches.
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      manifestFilename: 'manifest.webmanifest',
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
      manifest: {
        id: '/',
        name: 'Lamplight',
        short_name: 'Lamplight',
        description: 'Track and gain insights on your Bible reading.',
        lang: 'en',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: BACKGROUND_COLOR,
        theme_color: THEME_COLOR,
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
        ],
      },
      injectManifest: {
        // Every route chunk and every locale's strings are JavaScript chunks: all precached. The
        // icons and the web manifest come from includeAssets and the manifest, once each.
        globPatterns: ['**/*.{js,css,html}'],
        // A classic worker, so it can importScripts() the push handlers.
        rollupFormat: 'iife',
      },
      devOptions: { enabled: false },
    }),
  ],
});
