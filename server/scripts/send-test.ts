/**
 * Developer tool: `npm run send-test -- <address>` sends one real message over SMTP to the local
 * ingress (SMTP_HOST / SMTP_PORT, defaults 127.0.0.1:2525), so the whole path SMTP → store → push →
 * screen can be watched by hand with a mail that has text, HTML and two attachments.
 *
 * The attachments are generated here at run time rather than committed as binaries: the repo
 * stays text-only and the builders double as known-good inputs that tests can import.
 */
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';
import nodemailer from 'nodemailer';

/** Same defaults as the SMTP listener, so a bare `npm start` + `npm run send-test` just works. */
export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_SMTP_PORT = 2525;

/** Text drawn on the generated PDF page. */
export const PDF_TEXT = 'Email Temporanea - prova';

/** Side of the generated PNG in pixels: small enough to keep the message tiny, big enough to see. */
export const PNG_SIZE_PX = 16;

const SENDER = 'Email Temporanea <send-test@example.com>';

/**
 * Loose `local@domain` check: enough to catch a forgotten or swapped argument before connecting.
 * The domain may be a single label because the development domain is `localhost`; the server
 * has the final word anyway (550 5.1.1 for an unknown mailbox).
 */
export function isAddress(value: string): boolean {
  return /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*$/.test(
    value,
  );
}

/** Escapes a PDF literal string (ISO 32000-1 §7.3.4.2): backslash and both parentheses. */
function pdfString(text: string): string {
  return `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

/**
 * A minimal but valid one-page PDF 1.4 showing `text` in Helvetica (a standard 14 font, so
 * nothing is embedded). The xref table needs the exact byte offset of every object, so the file
 * is assembled as latin1 bytes and offsets are measured, never hard-coded: one edited character
 * would otherwise make strict readers (and `qpdf --check`) report a damaged file.
 * `text` is written as WinAnsi bytes; keep it to Latin-1.
 */
export function buildPdf(text: string = PDF_TEXT): Buffer {
  const content = `BT /F1 24 Tf 72 770 Td ${pdfString(text)} Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] ' +
      '/Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];
  // The second line holds bytes >= 128 so transfer tools treat the file as binary (§7.5.2).
  let out = '%PDF-1.4\n%\xE2\xE3\xCF\xD3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xrefOffset = Buffer.byteLength(out, 'latin1');
  // Each xref entry is exactly 20 bytes, hence the space before the newline (§7.5.4).
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** CRC-32 lookup table (polynomial 0xEDB88320), built once on first use. */
let crcTable: Uint32Array | undefined;

/**
 * CRC-32 as used by PNG chunks (ISO 3309 / PNG spec §5.5). Written out here because
 * `zlib.crc32` only exists from Node 20.15 / 22.2 and the project supports older 20.x.
 */
export function crc32(data: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (const byte of data) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** One PNG chunk: length, type, data, and a CRC over type + data (PNG spec §5.3). */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** An RGB colour, each channel 0–255. */
export type Rgb = readonly [number, number, number];

/**
 * The default picture: a white envelope with a teal flap on a teal background. Works in
 * coordinates relative to the image, so any size draws the same picture (handy to eyeball a
 * 256×256 render of what is sent at 16×16).
 */
export function envelopePixel(x: number, y: number, width: number, height: number): Rgb {
  const teal: Rgb = [15, 118, 110];
  const paper: Rgb = [255, 255, 255];
  const u = (x + 0.5) / width;
  const v = (y + 0.5) / height;
  if (u < 0.125 || u > 0.875 || v < 0.25 || v > 0.75) return teal;
  const flapEdge = 0.5 - Math.abs(u - 0.5) * (2 / 3);
  return Math.abs(v - flapEdge) < 0.75 / height ? teal : paper;
}

/**
 * A valid 8-bit truecolour PNG (colour type 2, no interlace). Every scanline uses filter 0
 * (None): the image is tiny, so better compression is not worth the code.
 */
export function buildPng(
  width: number = PNG_SIZE_PX,
  height: number = PNG_SIZE_PX,
  pixel: (x: number, y: number, width: number, height: number) => Rgb = envelopePixel,
): Buffer {
  const stride = 1 + width * 3;
  const raw = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y, width, height);
      const at = y * stride + 1 + x * 3;
      raw[at] = r;
      raw[at + 1] = g;
      raw[at + 2] = b;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // bit depth, colour type, compression, filter, interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The Italian plain-text part, for clients (and tests) that never render HTML. */
export const TEXT_BODY = `Ciao!

Questo è un messaggio di prova inviato da Email Temporanea.

Se lo stai leggendo, la tua casella temporanea funziona: i messaggi arrivano in tempo reale e
spariscono da soli quando la casella scade. Non serve registrarsi e non ti chiederemo mai dati
personali.

In allegato trovi un piccolo PDF e un'immagine PNG, così puoi provare anche gli allegati.

A presto,
il team di Email Temporanea
`;

/**
 * The Italian HTML part. Inline styles only and no remote resources: the web app shows remote
 * images only on request, and a test mail should look the same whether or not they are allowed.
 */
export const HTML_BODY = `<!doctype html>
<html lang="it">
  <body style="margin:0;padding:24px;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
    <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px">
      <tr>
        <td style="padding:20px 28px;background:#0f766e;border-radius:12px 12px 0 0;color:#ffffff;font-size:22px;font-weight:bold">
          Email Temporanea
        </td>
      </tr>
      <tr>
        <td style="padding:28px;font-size:16px;line-height:1.5">
          <h1 style="margin:0 0 16px;font-size:20px">Benvenuto!</h1>
          <p style="margin:0 0 12px">Questo è un <strong>messaggio di prova</strong>: se lo stai leggendo, la tua casella temporanea funziona.</p>
          <p style="margin:0 0 12px">I messaggi arrivano in tempo reale e spariscono da soli quando la casella scade. Nessuna registrazione, nessun dato personale.</p>
          <p style="margin:0 0 12px">In allegato trovi un piccolo <em>PDF</em> e un'immagine <em>PNG</em>, così puoi provare anche gli allegati.</p>
          <p style="margin:24px 0 0;color:#475569">A presto,<br>il team di Email Temporanea</p>
        </td>
      </tr>
    </table>
  </body>
</html>
`;

/** The SMTP reply text carried by a nodemailer error, when the server sent one. */
function smtpReply(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'response' in error) {
    const { response } = error as { response: unknown };
    if (typeof response === 'string' && response !== '') return response;
  }
  return undefined;
}

/** Reads SMTP_HOST / SMTP_PORT with the listener's defaults; throws on a port that is not a port. */
export function smtpTarget(env: NodeJS.ProcessEnv): { host: string; port: number } {
  const host = env.SMTP_HOST?.trim() || DEFAULT_HOST;
  const rawPort = env.SMTP_PORT?.trim() || String(DEFAULT_SMTP_PORT);
  const port = Number(rawPort);
  if (!/^\d+$/.test(rawPort) || port < 1 || port > 65535) {
    throw new Error(`SMTP_PORT must be an integer between 1 and 65535, got "${rawPort}"`);
  }
  return { host, port };
}

/** Sends the test message; resolves to the process exit code. */
export async function main(argv: readonly string[], env: NodeJS.ProcessEnv): Promise<number> {
  const [to] = argv;
  if (argv.length !== 1 || to === undefined || !isAddress(to)) {
    console.error('Usage: npm run send-test -- <address>');
    console.error('Example: npm run send-test -- abcdefghij12@localhost');
    if (to !== undefined && !isAddress(to)) console.error(`Not an e-mail address: "${to}"`);
    return 2;
  }

  let target: { host: string; port: number };
  try {
    target = smtpTarget(env);
  } catch (error) {
    console.error((error as Error).message);
    return 2;
  }

  // Plain SMTP on purpose: the development listener offers no TLS, and ignoreTLS stops
  // nodemailer from attempting STARTTLS should the server ever advertise it.
  const transport = nodemailer.createTransport({
    host: target.host,
    port: target.port,
    secure: false,
    ignoreTLS: true,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  console.log(`Sending to ${to} via smtp://${target.host}:${target.port} ...`);
  try {
    const info = await transport.sendMail({
      from: SENDER,
      to,
      subject: 'Benvenuto su Email Temporanea: messaggio di prova',
      text: TEXT_BODY,
      html: HTML_BODY,
      attachments: [
        { filename: 'prova.pdf', content: buildPdf(), contentType: 'application/pdf' },
        { filename: 'prova.png', content: buildPng(), contentType: 'image/png' },
      ],
    });
    console.log(`Accepted: ${info.response}`);
    console.log(`Message-ID: ${info.messageId}`);
    return 0;
  } catch (error) {
    const reply = smtpReply(error);
    console.error(
      reply ? `Rejected: ${reply}` : `Failed: ${(error as Error).message ?? String(error)}`,
    );
    return 1;
  } finally {
    transport.close();
  }
}

/** True when this file is the entry point, so importing it from a test sends nothing. */
function isEntryPoint(): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return realpathSync(entry) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

// A promise chain rather than top-level await, so the module can still be loaded by a CJS
// consumer (tsx compiles files outside a `"type": "module"` package to CJS).
if (isEntryPoint()) {
  void main(process.argv.slice(2), process.env).then((code) => {
    process.exitCode = code;
  });
}
