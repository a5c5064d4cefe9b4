/**
 * One page's HTML file from the client's `index.html`, the template of every page: used by the
 * prerenderer (`prerender.ts`) and, for content pages, by the dev server (`dev-content-pages.ts`).
 */

/** The empty root in `index.html` that a page's markup fills. */
export const ROOT_PLACEHOLDER = '<div id="root"></div>';

/** The React app's scripts in the client's `index.html`: its entry and `modulepreload`s. */
const APP_SCRIPT =
  /[ \t]*<(?:script type="module"[^>]*><\/script>|link rel="modulepreload"[^>]*>)\n?/g;

/**
 * The client's `index.html` with one page's head and markup in it. `scripts` replace the React
 * app's when given (content pages).
 */
export function pageDocument(
  template: string,
  head: string,
  markup: string,
  scripts: string[] | null,
): string {
  let html = template
    .replace(/\s*<meta\s+name="description"[^>]*>/, '')
    .replace(/<title>[\s\S]*?<\/title>/, () => head);
  if (scripts) {
    const found = html.match(APP_SCRIPT) ?? [];
    if (!found.some((tag) => tag.includes('<script'))) {
      throw new Error('dist/index.html: no module script of the app to replace');
    }
    html = html
      .replace(APP_SCRIPT, '')
      .replace(
        /\n[ \t]*<\/head>/,
        () => `\n${scripts.map((tag) => `    ${tag}\n`).join('')}  </head>`,
      );
  }
  return stylesheetsFirst(html).replace(ROOT_PLACEHOLDER, () => `<div id="root">${markup}</div>`);
}

/**
 * The stylesheets moved in front of the scripts and `modulepreload`s (Vite puts them last). The
 * page shows nothing before its stylesheet has arrived, while the scripts only make the shown
 * page live: over HTTP/1.1, with six connections per host, a stylesheet asked for after a dozen
 * scripts waited for a free connection, and the first paint with it.
 */
function stylesheetsFirst(html: string): string {
  const stylesheets: string[] = [];
  const without = html.replace(/[ \t]*<link rel="stylesheet"[^>]*>\n?/g, (tag) => {
    stylesheets.push(tag.trim());
    return '';
  });
  const firstScript = without.search(/[ \t]*<(?:link rel="modulepreload"|script type="module")/);
  if (firstScript < 0 || stylesheets.length === 0) return html;
  const indent = /^[ \t]*/.exec(without.slice(firstScript))![0];
  return (
    without.slice(0, firstScript) +
    stylesheets.map((tag) => `${indent}${tag}\n`).join('') +
    without.slice(firstScript)
  );
}
