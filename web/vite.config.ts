import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * `VITE_FAST_PATHS_OFF=cn` builds the app with tailwind-merge behind `cn()` instead of the
 * smaller `lib/cn.ts` (docs/architecture.md, "Fast paths").
 */
const plainCn = (process.env.VITE_FAST_PATHS_OFF ?? '').split(',').includes('cn');

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: [
      ...(plainCn
        ? [
            {
              find: /^@\/lib\/cn$/,
              replacement: fileURLToPath(
                new URL('./src/lib/cn-tailwind-merge.ts', import.meta.url),
              ),
            },
          ]
        : []),
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
    ],
  },
  build: {
    // Every browser the build targets but Safari 16 follows `modulepreload` itself; there the
    // polyfill's only effect would be earlier fetches, for 1 KB more script on every page.
    modulePreload: { polyfill: false },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
});
