/**
 * The renderer as a plain web app (`npm run web`): the same Vue app as the desktop build, with jobs in
 * Web Workers through the browser adapter (renderer/src/platform/web.ts). `vite build --config
 * vite.web.config.ts` writes dist/web; `vite preview --config vite.web.config.ts` serves that. The
 * end-to-end tests start this config programmatically.
 */
import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import vue from '@vitejs/plugin-vue';

export default defineConfig({
  root: resolve(import.meta.dirname, 'renderer'),
  base: './',
  plugins: [vue()],
  // Pre-bundle every dependency up front, so the dev server never reloads the page mid-session to
  // add one it discovered late (the end-to-end tests would see a navigation).
  optimizeDeps: {
    include: [
      'vue',
      'pinia',
      'echarts/core',
      'echarts/charts',
      'echarts/components',
      'echarts/renderers',
      'vue-echarts',
      'zod',
    ],
  },
  worker: { format: 'es' },
  server: { fs: { allow: [resolve(import.meta.dirname)] } },
  build: {
    outDir: resolve(import.meta.dirname, 'dist/web'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
  },
});
