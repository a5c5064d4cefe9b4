import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { devContentPages } from './scripts/dev-content-pages';
import { BUILD_TARGETS } from './src/content/browsers';

/**
 * Settings the legal pages cannot do without: the operator's identity (GDPR art. 13(1)(a),
 * D.Lgs. 70/2003 art. 7) and the hosting. Unset, the pages show a placeholder; a production
 * build says so loudly, since a site published that way has no valid privacy policy.
 */
const OPERATOR_SETTINGS = [
  'VITE_OPERATOR_NAME',
  'VITE_OPERATOR_ADDRESS',
  'VITE_OPERATOR_TAX_ID',
  'VITE_HOSTING_PROVIDER',
] as const;

function operatorSettingsWarning(): Plugin {
  let missing: string[] = [];
  return {
    name: 'operator-settings-warning',
    apply: 'build',
    configResolved(resolved) {
      if (resolved.mode !== 'production' || resolved.build.ssr) return;
      const env = resolved.env as Record<string, string | undefined>;
      missing = OPERATOR_SETTINGS.filter((name) => !env[name]?.trim());
    },
    buildStart() {
      if (missing.length === 0) return;
      this.warn(
        `${missing.join(', ')} unset: /privacy and /terms show a placeholder instead of the ` +
          'operator and hosting they must name. Set them for a public build (docs/web-app.md).',
      );
    },
  };
}

/**
 * `VITE_FAST_PATHS_OFF=cn` builds the app with tailwind-merge behind `cn()` instead of the
 * smaller `lib/cn.ts` (docs/architecture.md, "Fast paths").
 */
const plainCn = (process.env.VITE_FAST_PATHS_OFF ?? '').split(',').includes('cn');

export default defineConfig({
  plugins: [react(), tailwindcss(), operatorSettingsWarning(), devContentPages()],
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
    // The browsers the FAQ names (content/browsers.ts): JavaScript and CSS are lowered to them.
    target: BUILD_TARGETS,
    cssTarget: BUILD_TARGETS,
    rollupOptions: {
      // The home page (index.html, a React app) and the script of the prerendered content pages,
      // which carry no React (docs/web-app.md, "Content pages").
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        static: fileURLToPath(new URL('./src/static-main.ts', import.meta.url)),
      },
    },
    // Every browser the build targets but Safari 16 follows `modulepreload` itself; there the
    // polyfill's only effect would be earlier fetches, for 1 KB more script on every page.
    modulePreload: { polyfill: false },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
});
