/**
 * The oldest browser versions the site works in: the build's target (`vite.config.ts` gives
 * these to the JavaScript and CSS transforms) and what the FAQ says, so the two cannot part.
 *
 * The floor is Tailwind CSS 4's: its stylesheet depends on cascade layers, `@property` and
 * `color-mix()`, which no build step lowers, and its documentation names Chrome 111, Safari 16.4
 * and Firefox 128 (https://tailwindcss.com/docs/compatibility). The JavaScript needs nothing newer
 * (docs/web-app.md, "Browsers"). Edge and Opera follow the Chromium release they are built on
 * (Opera 97 is Chromium 111).
 */
export interface SupportedBrowser {
  /** The name visitors know. */
  name: string;
  /** The oldest version, as the browser numbers it. */
  version: string;
  /** The same version for the build's transforms (esbuild-style names, as Vite takes them). */
  targets: readonly string[];
  /** Said after the version in the FAQ, in Italian. */
  note?: string;
}

export const SUPPORTED_BROWSERS: readonly SupportedBrowser[] = [
  { name: 'Chrome', version: '111', targets: ['chrome111'] },
  { name: 'Firefox', version: '128', targets: ['firefox128'] },
  // Safari on iPhone and iPad has the same version numbers and the same engine.
  {
    name: 'Safari',
    version: '16.4',
    targets: ['safari16.4', 'ios16.4'],
    note: 'anche su iPhone e iPad',
  },
  { name: 'Edge', version: '111', targets: ['edge111'] },
  { name: 'Opera', version: '97', targets: ['opera97'] },
];

/** Every target of the build, for `build.target` and `build.cssTarget`. */
export const BUILD_TARGETS: string[] = SUPPORTED_BROWSERS.flatMap((b) => [...b.targets]);
