// Import resolver for eslint-plugin-import (resolver interface v2): resolves the web app's `@/`
// alias to web/src and extensionless TypeScript paths, then falls back to Node's resolution.
// Written here because the usual TypeScript resolver depends on native binaries that our
// package registry does not carry for every platform, which breaks `npm ci`.
const { existsSync, statSync } = require('node:fs');
const { dirname, join, resolve } = require('node:path');
const nodeResolver = require('eslint-import-resolver-node');

const root = resolve(__dirname, '..');
const EXTENSIONS = ['.ts', '.tsx', '.mts', '.js', '.mjs', '.cjs', '.json'];

function resolveFile(base) {
  const candidates = [
    base,
    ...EXTENSIONS.map((e) => base + e),
    ...EXTENSIONS.map((e) => join(base, `index${e}`)),
  ];
  // `./x.js` written for a `./x.ts` source
  if (/\.[cm]?js$/.test(base)) candidates.push(base.replace(/\.([cm]?)js$/, '.$1ts'));
  return candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? null;
}

exports.interfaceVersion = 2;

exports.resolve = function resolveImport(source, file, config) {
  let base = null;
  if (source.startsWith('@/')) base = join(root, 'web/src', source.slice(2));
  else if (source.startsWith('.')) base = resolve(dirname(file), source);
  if (base) {
    const path = resolveFile(base);
    return path ? { found: true, path } : { found: false };
  }
  return nodeResolver.resolve(source, file, { extensions: EXTENSIONS, ...config });
};
