/**
 * Mail bodies the page opens, ordinary and pathological: what the web app's own loops over mail
 * content (remote-resource search, the HTML view's document, linkify) are measured on. Shared by
 * the unit tests of `features/inbox/`, the browser test (`e2e/hostile-browser.test.ts`) and the
 * browser lines of `npm run bench -- hostile` (`bench/phases/hostile-browser.ts`), which all
 * compare the worst of them with an ordinary body of the same size (or shape). No imports: the
 * end-to-end tests and the bench load this file as it is.
 */

/** A named body: `make(chars)` builds it at about that many characters. */
export interface SizedBody {
  name: string;
  make(chars: number): string;
  /**
   * An ordinary body of the same shape, when the plain ordinary message is not one: a style
   * sheet for a style sheet, so that what is compared is the work on the CSS.
   */
  ordinary?(chars: number): string;
}

/** `unit` repeated and cut to exactly `chars` characters. */
export const repeatTo = (unit: string, chars: number) =>
  unit.repeat(Math.max(0, Math.ceil(chars / unit.length))).slice(0, Math.max(0, chars));

const ORDINARY_PARAGRAPH =
  'La nostra offerta di novembre: spedizione gratuita sopra 49,90 € fino al 30/11/2025. ' +
  'Ordine n. 2025-004217 in preparazione; per assistenza chiama il 02 1234 5678 dal lunedì ' +
  'al venerdì, dalle 9:00 alle 18:00. Scopri le novità su https://negozio.example/novita e ' +
  'grazie per aver scelto il nostro negozio, a presto!\n\n';

/** An ordinary plain-text body: newsletter prose with a link in each paragraph. */
export function ordinaryMailText(chars: number): string {
  return repeatTo(ORDINARY_PARAGRAPH, chars);
}

const ORDINARY_STYLE =
  '<style>body{margin:0;background:#f4f4f4}p{margin:0 0 12px;font:14px/1.5 Arial,sans-serif}' +
  '.header{background:url(https://negozio.example/img/header.png) no-repeat;height:80px}' +
  '@media (max-width:600px){table{width:100%!important}}</style>';

/** One block of a newsletter: a table, styled paragraphs, a link and a remote image. */
const ordinaryBlock = (n: number) =>
  `<table width="600" cellpadding="0" cellspacing="0"><tr><td style="padding:16px;background-color:#ffffff">` +
  `<p style="font-family:Arial;color:#333333">La nostra offerta di novembre: spedizione gratuita sopra ` +
  `<b>49,90&nbsp;&euro;</b> fino al 30/11/2025. Ordine n. 2025-004217 in preparazione.</p>` +
  `<p><a href="https://negozio.example/p/${n}?utm_source=mail" style="color:#0b57d0">Scopri le novità</a></p>` +
  `<img src="https://negozio.example/img/${n % 40}.jpg" alt="Prodotto ${n}" width="560"></td></tr></table>\n`;

/** An ordinary HTML body: a newsletter of tables, inline styles, a `<style>`, links and images. */
export function ordinaryMailHtml(chars: number): string {
  const head = `<html><head>${ORDINARY_STYLE}</head><body>`;
  const tail = '</body></html>';
  let body = '';
  for (let n = 0; head.length + body.length + tail.length < chars; n++) body += ordinaryBlock(n);
  return head + body + tail;
}

const rep = (name: string, unit: string): SizedBody => ({
  name,
  make: (chars) => repeatTo(unit, chars),
});

const ORDINARY_RULE = (n: number) =>
  `.block-${n}{margin:0 0 12px;padding:8px 16px;font:14px/1.5 Arial,sans-serif;color:#333333}` +
  `.hero-${n}{background:#f4f4f4 url("https://negozio.example/img/${n % 40}.jpg") no-repeat center}` +
  `@media (max-width:600px){.block-${n}{width:100%!important}}\n`;

/** An ordinary style sheet: the rules of a newsletter, a remote background now and then. */
export function ordinaryCss(chars: number): string {
  let css = '';
  for (let n = 0; css.length < chars; n++) css += ORDINARY_RULE(n);
  return css.slice(0, chars);
}

/** Style sheets that each make a naive scanner try every position against the rest. */
export const HOSTILE_CSS: SizedBody[] = [
  rep("url(' runs", "url('"),
  rep('url( runs', 'url('),
  rep('escaped url( runs', 'u\\72l('),
  rep('escaped url( and a quote', '\\75rl("'),
  rep('image-set( nesting', 'image-set('),
  rep('open parentheses', '('),
  rep('closing parentheses', ')'),
  rep('backslashes', '\\'),
  rep('quotes', "'"),
  rep('comment openers', '/*'),
  rep('@import runs', '@import '),
  rep('relative urls', 'a{background:url(x.png)}'),
  rep('distinct remote urls', 'a{background:url(https://t.example/'),
  rep('url( with spaces', 'url(    '),
];

/** HTML bodies of one `<style>`: each style sheet above. */
export const HOSTILE_STYLE_ELEMENTS: SizedBody[] = HOSTILE_CSS.map((css) => ({
  name: `<style>: ${css.name}`,
  make: (chars: number) => `<style>${css.make(chars - 15)}</style>`,
  ordinary: (chars: number) => `<style>${ordinaryCss(chars - 15)}</style>`,
}));

/** HTML bodies of many elements: style sheets in `style` attributes, URLs in attributes. */
export const HOSTILE_MARKUP: SizedBody[] = [
  ...HOSTILE_CSS.slice(0, 4).map((css) => ({
    name: `style attributes: ${css.name}`,
    make: (chars: number) => repeatTo(`<p style="${css.make(200)}">x</p>`, chars),
    ordinary: (chars: number) => repeatTo(`<p style="${ordinaryCss(200)}">x</p>`, chars),
  })),
  {
    name: 'one srcset of many candidates',
    make: (chars) => `<img srcset="${repeatTo('https://t.example/a.png 1x, ', chars - 15)}">`,
  },
  rep('images with relative sources', '<img src="/api/v1/x.png">'),
  rep('anchors', '<a href="https://x.example/">x</a>'),
  rep('anchors to relative links', '<a href="/#apri=x">x</a>'),
];

/** Every hostile HTML body. */
export const HOSTILE_MAIL_HTML: SizedBody[] = [...HOSTILE_STYLE_ELEMENTS, ...HOSTILE_MARKUP];

/** Plain-text bodies for linkify: runs that made the old link trimming quadratic, and more. */
export const HOSTILE_MAIL_TEXTS: SizedBody[] = [
  {
    name: 'a link, then closing parentheses',
    make: (chars) => `http://a${repeatTo(')', chars - 8)}`,
  },
  {
    name: 'a link, then dots and a letter',
    make: (chars) => `http://a${repeatTo('.', chars - 9)}x`,
  },
  {
    name: 'a link, then parentheses and dots',
    make: (chars) => `http://a${repeatTo(').', chars - 8)}`,
  },
  {
    name: 'a link, then opening and closing parentheses',
    make: (chars) => `http://a${repeatTo('(', chars / 2)}${repeatTo(')', chars / 2)}`,
  },
  rep('schemes, no spaces', 'http://'),
  rep('www., no spaces', 'www.'),
  rep('links', 'http://a.example/ '),
  rep('links in parentheses', '(http://a.example/) '),
  rep('closing parentheses', ')'),
  rep('guillemets', 'https://a»'),
];
