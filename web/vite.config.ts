import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { devContentPages } from './scripts/dev-content-pages';
import { BUILD_TARGETS } from './src/content/browsers';
import { missingOperatorSettings } from './src/content/legal/operator-settings';

/**
 * The operator's settings the legal pages cannot do without (`content/legal/operator-settings.ts`:
 * identity, hosting, retention, STARTTLS). Unset, the pages show a placeholder; a production
 * build says so loudly, since a site published that way has no valid privacy policy.
 */
function operatorSettingsWarning(): Plugin {
  let missing: string[] = [];
  return {
    name: 'operator-settings-warning',
    apply: 'build',
    configResolved(resolved) {
      if (resolved.mode !== 'production' || resolved.build.ssr) return;
      missing = missingOperatorSettings(resolved.env);
    },
    buildStart() {
      if (missing.length === 0) return;
      this.warn(
        `${missing.join(', ')} unset or malformed: /privacy and /terms show a placeholder instead ` +
          'of what they must state. Set them for a public build (docs/web-app.md).',
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), operatorSettingsWarning(), devContentPages()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
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
