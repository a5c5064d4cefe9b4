import { cleanFilename } from '../domain/names';

/**
 * `Content-Disposition: attachment` with both filename forms of RFC 6266 §4.3: a plain ASCII
 * `filename` for old clients and `filename*` in RFC 5987 UTF-8 encoding for everyone else.
 * The name is cleaned again here (whole code points, no control or bidi characters: a name kept
 * by an older reading may have them), so that no name can make the header fail or lie.
 */
export function attachmentDisposition(filename: string): string {
  const name = cleanFilename(filename);
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_') || 'attachment';
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Types a browser could render or run if a download were ever opened inline. */
const ACTIVE_TYPES =
  /^(text\/html|application\/xhtml\+xml|image\/svg\+xml|text\/xml|application\/xml|text\/javascript|application\/javascript|application\/ecmascript|text\/ecmascript)$/;

/** The content type to send an attachment with: its own, unless it is active content. */
export function downloadContentType(contentType: string): string {
  return ACTIVE_TYPES.test(contentType) ? 'application/octet-stream' : contentType;
}
