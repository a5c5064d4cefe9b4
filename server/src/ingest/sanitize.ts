import sanitizeHtml from 'sanitize-html';

/**
 * Mail HTML is hostile. The page shows it only in a sandboxed iframe without scripts under a CSP
 * that blocks remote loads; this is the second layer, on the server: an allow-list of the tags
 * and attributes mail layouts use, no scripts, no event handlers, no forms, frames, objects or
 * `<base>`, links only to http(s), mailto and tel, images only from http(s), `data:` and `cid:`.
 * `<style>` stays (mail layouts depend on it); in the iframe CSS cannot run code, and its remote
 * loads are blocked by the CSP until the visitor asks for images.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags,
    'img',
    'font',
    'center',
    'style',
    'span',
    'div',
    'u',
    's',
    'strike',
    'big',
    'small',
    'hr',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'td',
    'th',
    'caption',
    'colgroup',
    'col',
  ],
  disallowedTagsMode: 'discard',
  allowVulnerableTags: true, // <style>: see above
  allowedAttributes: {
    '*': [
      'style',
      'class',
      'id',
      'align',
      'valign',
      'width',
      'height',
      'bgcolor',
      'color',
      'border',
      'dir',
      'lang',
      'title',
    ],
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    td: ['colspan', 'rowspan', 'nowrap'],
    th: ['colspan', 'rowspan', 'nowrap', 'scope'],
    table: ['cellpadding', 'cellspacing', 'summary'],
    font: ['face', 'size', 'color'],
    ol: ['start', 'type'],
    col: ['span'],
    colgroup: ['span'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data', 'cid'] },
  allowProtocolRelative: false,
  transformTags: {
    // Links open in a new tab and tell the target nothing about us.
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }),
  },
};

export function sanitizeMailHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
