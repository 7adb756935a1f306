import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { inlineCss } from './inlineCss';

// The web app reads its configuration (VITE_*) from the repository root's .env, like the rest of the stack.
export default defineConfig({
  envDir: '..',
  // `zod` is zod with `jitless` set (src/lib/zodConfig.ts): no schema of any chunk may be built before it is.
  resolve: {
    alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zodConfig.ts', import.meta.url)) }],
  },
  plugins: [
    react(),
    inlineCss(),
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: 'script-defer',
      includeAssets: ['favicon.svg', 'icons/*.png'],
      manifest: {
        name: 'StockSeer',
        short_name: 'StockSeer',
        description: 'Honest AI forecasts of US stock prices.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#f8fafc',
        theme_color: '#0f766e',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The shell is precached so a reload offline still shows it; the API is never cached.
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/__\//],
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // Admin code is for admins only: never pushed into every user's offline cache.
        globIgnores: ['**/AdminTab-*.js'],
        runtimeCaching: [],
        // Web Push: the push and notificationclick handlers (public/push-sw.js; docs/product.md#web-push).
        importScripts: ['/push-sw.js'],
      },
    }),
  ],
  server: {
    proxy: {
      // `npm run dev`: the API stays behind the Hosting emulator, as in production behind Firebase Hosting.
      '/api': process.env.STOCKSEER_APP_URL ?? 'http://127.0.0.1:5000',
    },
  },
  build: { target: 'es2022', sourcemap: false },
});
