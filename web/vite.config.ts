import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
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

const HOME_ENTRY = fileURLToPath(new URL('./src/main.tsx', import.meta.url));
const CONTENT_ENTRY = fileURLToPath(new URL('./src/static-main.ts', import.meta.url));

/**
 * The home page's first download as one file (docs/web-app.md, "The home page's first
 * download"). Left to itself, the bundler splits off into shared chunks some modules that the
 * first download and its lazy chunks both use (`cn()`, the icons, React): more files, each
 * compressed on its own, and a kilobyte more of gzip. So every module the home page's entry
 * imports statically goes into the entry's chunk, but those the content pages' script imports
 * too (the theme and the clipboard), which go into a small chunk of their own, so that a content
 * page never loads the app.
 */
function firstDownloadChunks(): Rolldown.CodeSplittingGroup[] {
  const reached = new Map<string, Set<string>>();
  /** Every module `entry` imports statically, directly or not. */
  const reachedFrom = (entry: string, context: Rolldown.ChunkingContext) => {
    let modules = reached.get(entry);
    if (modules) return modules;
    modules = new Set();
    const pending = [entry];
    for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
      if (modules.has(id)) continue;
      modules.add(id);
      pending.push(...(context.getModuleInfo(id)?.importedIds ?? []));
    }
    reached.set(entry, modules);
    return modules;
  };
  return [
    {
      name: (id, context) =>
        reachedFrom(CONTENT_ENTRY, context).has(id) && reachedFrom(HOME_ENTRY, context).has(id)
          ? 'shared-with-content'
          : null,
      priority: 2,
    },
    {
      name: (id, context) => (reachedFrom(CONTENT_ENTRY, context).has(id) ? null : 'index'),
      tags: ['$initial'],
      priority: 1,
    },
  ];
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
        static: CONTENT_ENTRY,
      },
      output: { codeSplitting: { groups: firstDownloadChunks() } },
    },
    // Every browser the build targets but Safari 16 follows `modulepreload` itself; there the
    // polyfill's only effect would be earlier fetches, for 1 KB more script on every page.
    modulePreload: { polyfill: false },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
});
