// @ts-check
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const S = './server/src';
const W = './web/src';

/** Feature folders of the web app: each may import shared code, never another feature. */
const webFeatures = (() => {
  try {
    return readdirSync(`${W}/features`, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
  } catch {
    return [];
  }
})();

/** The rooms of ingest (docs/architecture.md, "One message's journey"). */
const ingestRooms = ['smtp', 'reading', 'auth'];

/** The libraries of the mail stack, each imported by one room of ingest only. */
const mailLibraries = {
  auth: ['mailauth'],
  reading: [
    'mailparser',
    '@zone-eu/mailsplit',
    'libmime',
    'libqp',
    'libbase64',
    'sanitize-html',
    'htmlparser2',
    'html-to-text',
  ],
};

/**
 * The import direction of ../shared/style.md. Data flows one way; a wrong-way import fails lint.
 * Each zone: files under `target` may not import from `from` (minus `except`, relative to `from`).
 */
const zones = [
  // common is shared by both sides and depends on nothing of ours.
  { target: './common', from: './server' },
  { target: './common', from: './web' },
  // domain imports nothing of ours.
  { target: `${S}/domain`, from: S, except: ['./domain'] },
  // store, events and counters import only domain.
  { target: `${S}/store`, from: S, except: ['./domain', './store'] },
  { target: `${S}/events`, from: S, except: ['./domain', './events'] },
  { target: `${S}/counters`, from: S, except: ['./domain', './counters'] },
  // ingest, http and jobs know the interfaces only (store, bus, counters, observability's
  // instruments), never a concrete store, bus or counters, never each other.
  ...['ingest', 'http', 'jobs'].flatMap((layer) => [
    {
      target: `${S}/${layer}`,
      from: S,
      except: [
        './domain',
        `./${layer}`,
        './store/mail-store.ts',
        './events/event-bus.ts',
        './counters/rate-counters.ts',
        './counters/delivery-cap.ts',
        './counters/sender-costs.ts',
        './observability/instruments.ts',
      ],
    },
  ]),
  // ingest's rooms: each is entered through its face (index.ts), never through its other files.
  ...ingestRooms.map((room) => ({
    target: [
      `${S}/*.ts`,
      `${S}/!(ingest)/**`,
      `${S}/ingest/*.ts`,
      ...ingestRooms.filter((r) => r !== room).map((r) => `${S}/ingest/${r}/**`),
    ],
    from: `${S}/ingest/${room}`,
    except: ['./index.ts'],
  })),
  // The client package depends on the wire shapes of common only, never on the server or web.
  { target: './client/src', from: ['./server', './web'] },
  // web: shared (components, lib, content) -> features -> app.
  ...['components', 'lib', 'content'].map((dir) => ({
    target: `${W}/${dir}`,
    from: [`${W}/features`, `${W}/app`],
  })),
  { target: `${W}/features`, from: `${W}/app` },
  ...webFeatures.map((f) => ({
    target: `${W}/features/${f}`,
    from: `${W}/features`,
    except: [`./${f}`],
  })),
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'coverage/**',
      'scripts/*.cjs',
      'server/test/fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    plugins: { import: importPlugin },
    settings: {
      'import/resolver': {
        [fileURLToPath(new URL('./scripts/eslint-resolver.cjs', import.meta.url))]: {},
      },
    },
    rules: {
      'import/no-restricted-paths': ['error', { zones }],
      'import/no-cycle': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // Each library of the mail stack has one room that may import it (docs/architecture.md): one
  // block per set of files, since a later block's rule replaces an earlier one's.
  ...[undefined, ...Object.keys(mailLibraries)].map((room) => ({
    files: room ? [`server/src/ingest/${room}/**/*.ts`] : ['server/src/**/*.ts'],
    ignores: room ? [] : Object.keys(mailLibraries).map((r) => `server/src/ingest/${r}/**`),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: Object.entries(mailLibraries)
            .filter(([owner]) => owner !== room)
            .flatMap(([owner, names]) =>
              names.map((name) => ({
                name,
                message: `only server/src/ingest/${owner}/ imports ${name}`,
              })),
            ),
        },
      ],
    },
  })),
  {
    files: ['web/src/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  // The client package runs in browsers as in Node: only its CLI imports Node's modules.
  {
    files: ['client/src/**/*.ts'],
    ignores: ['client/src/cli.ts'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['node:*'], message: 'the client runs in browsers too' }] },
      ],
    },
  },
  // The service worker, a plain script served as it is (web/public/sw.js).
  {
    files: ['web/public/sw.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.serviceworker } },
  },
  // The rules of hooks (and the React Compiler's checks) for the web app.
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
