/**
 * The admin panel's build: `npm run build:admin` → dist/admin-panel/ (index.html and hashed
 * assets/). `base: './'`: the server sets the page's `<base href>` to the configured admin
 * path when it serves index.html (src/admin/panel-page.ts), so one build serves any `admin.url`;
 * lazy chunks load relative to the chunk that imports them. JSX through Vite's own esbuild.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// A production build whatever NODE_ENV the caller has (vitest's global setup runs `npm run build`
// with NODE_ENV=test): Vite picks React's and the packages' development builds from it.
process.env.NODE_ENV = 'production';

const here = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root: here,
  base: './',
  logLevel: 'warn',
  esbuild: { jsx: 'automatic', legalComments: 'none' },
  build: {
    outDir: fileURLToPath(new URL('../dist/admin-panel', import.meta.url)),
    emptyOutDir: true,
    assetsDir: 'assets',
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: false,
    // no inline data: URLs for assets: every byte is a hashed file the server caches for a year
    assetsInlineLimit: 0,
    rollupOptions: {
      onwarn(warning, warn) {
        // react-router and TanStack Query mark their modules "use client" (for React Server Components): meaningless here
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
});
