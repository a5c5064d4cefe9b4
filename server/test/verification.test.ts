import type { MailboxEvent, MessageDetail, MessageList } from '@et/common';
import { readdirSync, readFileSync } from 'node:fs';
import MailComposer from 'nodemailer/lib/mail-composer';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { extractVerification, findTextLinks } from '../src/domain/verification';
import { wordsOf } from '../src/domain/verification/code-finder';
import { readMessage } from '../src/ingest/reading/read-message';
import { bearer, startHarness, type Harness } from './helpers/harness';
import { seededRandom } from './helpers/random';
import { CASES, type VerificationCase } from './verification-cases';

const fixtureDir = new URL('./fixtures/verification/', import.meta.url);
const fixture = (name: string) => readFileSync(new URL(name, fixtureDir));

/** Expected results of the `.eml` files in fixtures/verification/ (see its README.md). */
const EML_CASES: Omit<VerificationCase, 'subject' | 'text' | 'html'>[] = [
  {
    name: 'it-text-qp-soft-break.eml',
    code: '482913',
    link: null,
    decoys: ['20123', '87654321'],
  },
  {
    name: 'it-alternative-base64.eml',
    code: '305118',
    link: 'https://www.mercatino.example/account/conferma-email?t=Q2xpY2tNZTEyMzQ1Njc4OQ&src=mail',
    decoys: ['50122', '88213'],
  },
  {
    name: 'en-html-qp-link.eml',
    code: null,
    link: 'https://app.pixelboard.example/activate?token=7f3c9a21b8e64d05a1f2c3b4d5e6f708&utm_source=email',
    decoys: ['4155550132', '5550132', '94105', '551208', '999'],
  },
  {
    name: 'it-order-pickup-decoy.eml',
    code: null,
    link: null,
    decoys: ['774512', '4471', '55120', '40133', '8990', '0511234567'],
  },
  {
    name: 'en-newsletter-decoy.eml',
    code: null,
    link: null,
    decoys: ['ROMA25', '00184', '2125550147', '5550147', '10312025', '0745'],
  },
  {
    name: 'it-subject-encoded.eml',
    code: '604733',
    link: null,
    decoys: ['2110', '1900', '850'],
  },
  {
    name: 'en-text-code-and-link.eml',
    code: '903274',
    link: 'https://cloudnote.example/auth/confirm?code=v1.Mj2kQ9xR4tZ8pL3wN7cB&lang=en',
    decoys: ['1415'],
  },
  {
    name: 'it-html-pratica-decoy.eml',
    code: null,
    link: null,
    decoys: ['118734', '20250045512', 'AB12CD34', '1600', '06 9876 5432', '98765432'],
  },
];

/** Composes a case into real MIME bytes: text only, HTML only, or both (alternative). */
async function compose(c: VerificationCase): Promise<Buffer> {
  return new MailComposer({
    from: 'Mittente <noreply@mittente.example>',
    to: 'Destinatario <inbox@localhost>',
    subject: c.subject,
    text: c.text,
    html: c.html,
    date: new Date('2025-10-15T07:12:31Z'),
  })
    .compile()
    .build();
}

const normalize = (s: string) => s.replace(/[\s-]/g, '').toUpperCase();

/** Accuracy over every mail of this file, printed at the end: the figures of docs/architecture.md. */
const tally = {
  codesExpected: 0,
  codesFound: 0,
  codesWrong: 0,
  linksExpected: 0,
  linksFound: 0,
  linksWrong: 0,
  decoys: 0,
  decoysRejected: 0,
  noCodeMails: 0,
  noCodeNull: 0,
  noLinkMails: 0,
  noLinkNull: 0,
};

function count(
  expected: { code: string | null; link: string | null; decoys: string[] },
  got: {
    code: string | null;
    confirmLink: string | null;
  },
) {
  if (expected.code) {
    tally.codesExpected++;
    if (got.code === expected.code) tally.codesFound++;
    else if (got.code !== null) tally.codesWrong++;
  } else {
    tally.noCodeMails++;
    if (got.code === null) tally.noCodeNull++;
    else tally.codesWrong++;
  }
  if (expected.link) {
    tally.linksExpected++;
    if (got.confirmLink === expected.link) tally.linksFound++;
    else if (got.confirmLink !== null) tally.linksWrong++;
  } else {
    tally.noLinkMails++;
    if (got.confirmLink === null) tally.noLinkNull++;
    else tally.linksWrong++;
  }
  for (const decoy of expected.decoys) {
    tally.decoys++;
    if (got.code === null || normalize(got.code) !== normalize(decoy)) tally.decoysRejected++;
  }
}

afterAll(() => {
  const t = tally;
  const pct = (a: number, b: number) => (b === 0 ? '–' : `${((100 * a) / b).toFixed(1)}%`);
  console.log(
    [
      `verification heuristic on ${CASES.length + EML_CASES.length} test mails:`,
      `  codes found      ${t.codesFound}/${t.codesExpected} (${pct(t.codesFound, t.codesExpected)})`,
      `  links found      ${t.linksFound}/${t.linksExpected} (${pct(t.linksFound, t.linksExpected)})`,
      `  decoys rejected  ${t.decoysRejected}/${t.decoys} (${pct(t.decoysRejected, t.decoys)})`,
      `  no-code mails    ${t.noCodeNull}/${t.noCodeMails} gave no code`,
      `  no-link mails    ${t.noLinkNull}/${t.noLinkMails} gave no link`,
      `  wrong answers    ${t.codesWrong} codes, ${t.linksWrong} links`,
    ].join('\n'),
  );
});

describe('verification code and link, on mails written for the tests', () => {
  it('has at least 30 mails, Italian and English, text and HTML', () => {
    const all = [...CASES, ...EML_CASES];
    expect(all.length).toBeGreaterThanOrEqual(30);
    expect(CASES.some((c) => c.html && !c.text)).toBe(true);
    expect(CASES.some((c) => c.text && !c.html)).toBe(true);
    expect(all.filter((c) => c.code === null).length).toBeGreaterThanOrEqual(10);
  });

  describe('composed through MIME and read by the real parser', () => {
    it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_, c) => {
      const parsed = (await readMessage(await compose(c))).summary;
      count(c, parsed);
      expect({ code: parsed.code, link: parsed.confirmLink }).toEqual({
        code: c.code,
        link: c.link,
      });
    });
  });

  describe('.eml files in fixtures/verification/', () => {
    it('has an expectation for every file', () => {
      const files = readdirSync(fixtureDir).filter((f) => f.endsWith('.eml'));
      expect(files.sort()).toEqual(EML_CASES.map((c) => c.name).sort());
    });

    it.each(EML_CASES.map((c) => [c.name, c] as const))('%s', async (_, c) => {
      const parsed = (await readMessage(fixture(c.name))).summary;
      count(c, parsed);
      expect({ code: parsed.code, link: parsed.confirmLink }).toEqual({
        code: c.code,
        link: c.link,
      });
    });
  });
});

describe('extractVerification', () => {
  const run = (text: string, subject = '', links: { href: string; text: string }[] = []) =>
    extractVerification({ subject, text, htmlText: '', links });

  it('finds nothing in nothing', () => {
    expect(run('')).toEqual({ code: null, confirmLink: null });
  });

  it('gives no code when two different codes are equally likely', () => {
    expect(run('Codice: 482913\nCodice: 730215').code).toBeNull();
    expect(run('Codice: 482913\nRipeto, il codice: 482 913').code).toBe('482913');
  });

  it('never takes the keyword itself, a year after a long gap, or a number in a URL', () => {
    expect(run('CODICE\nVerifica').code).toBeNull();
    expect(run('Codice valido fino al 31 dicembre 2025').code).toBeNull();
    expect(run('Il tuo codice: https://x.example/c/482913').code).toBeNull();
    expect(run('Codice: 2048').code).toBe('2048');
  });

  it('leaves a number that belongs to an order, a phone or a discount', () => {
    expect(run('Ti ricordiamo il codice 482913 per il tuo ordine').code).toBeNull();
    expect(run('Codice: 482913 (numero ordine)').code).toBeNull();
    expect(run('Chiamaci al 1234 5678 per il codice').code).toBeNull();
    expect(run('Hai un nuovo codice sconto!\n\n482913').code).toBeNull();
    expect(run('Your code is 4821 5678 9012').code).toBeNull();
  });

  it('takes the number alone on its line when the subject names the code', () => {
    expect(run('Ciao\n\n482913\n\nGrazie', 'Il tuo codice di verifica').code).toBe('482913');
    expect(run('Totale 482913', 'Il tuo codice di verifica').code).toBeNull();
  });

  it('keeps the case of a mixed-case code, only right after its keyword', () => {
    expect(run('Your code: a7K9x2').code).toBe('a7K9x2');
    expect(run('Your code was sent to a7K9x2 yesterday').code).toBeNull();
  });

  it('refuses links that are not http(s), carry credentials, or say unsubscribe', () => {
    const links = [
      { href: 'mailto:verify@acme.example', text: 'Verifica' },
      { href: 'javascript:alert(1)', text: 'Conferma' },
      { href: 'https://user:pw@acme.example/verify?t=a1b2c3d4e5f6g7h8', text: 'Verify' },
      { href: 'https://acme.example/unsubscribe/confirm?t=a1b2c3d4e5f6g7h8', text: 'Confirm' },
      { href: `https://acme.example/verify?t=${'a1'.repeat(1100)}`, text: 'Verify' },
    ];
    expect(run('', 'Verify your email', links).confirmLink).toBeNull();
  });

  it('stays fast on a megabyte of hostile text', () => {
    const started = performance.now();
    // Many digits and keywords; one long token without '@' or spaces (base64 pasted as text,
    // once quadratic in the address filter); one long line of URLs (found by the fuzz test).
    for (const text of [
      'codice 12 34 56 78 90 '.repeat(50_000),
      'QUJD'.repeat(250_000),
      'https://a.example/verify?t=1 '.repeat(40_000),
    ]) {
      run(text, 'codice', findTextLinks(text));
    }
    expect(performance.now() - started).toBeLessThan(1500);
  });
});

describe('the words around a keyword', () => {
  it('are the words of the two patterns, applied to every word, on 5,000 random strings', () => {
    // What wordsOf does, each pattern run on every word: it runs them only where they can match.
    const plain = (text: string) =>
      text
        .toLowerCase()
        .split(/\s+/u)
        .map((w) =>
          w
            .replace(/^(?:[ldn]|dell|all|dall|nell|sull|un)['’]/u, '')
            .replace(/^["'“”‘’«»()[\]{}<>*_,;:!?]+|["'“”‘’«»()[\]{}<>*_,;:!?]+$/gu, ''),
        )
        .filter(Boolean);
    const pieces = [
      ...`"'“”‘’«»()[]{}<>*_,;:!?.-`,
      ' ',
      '\n',
      '\t',
      'l',
      'dell',
      'un',
      'A',
      'codice',
      'È',
    ];
    const random = seededRandom(20_261_126);
    for (let i = 0; i < 5000; i++) {
      let text = '';
      for (let n = 1 + random.int(24); n > 0; n--) text += random.pick(pieces);
      expect(wordsOf(text), JSON.stringify(text)).toEqual(plain(text));
    }
    // The elision goes first: inside brackets it stays.
    expect(wordsOf("L'ordine (dell'utente), codice:")).toEqual(['ordine', "dell'utente", 'codice']);
  });
});

describe('findTextLinks', () => {
  it('gives each URL the words of its line, or of the line before when alone', () => {
    expect(
      findTextLinks(
        'Conferma qui: https://a.example/c?t=1.\n\nApri il link qui sotto:\nhttps://b.example/x\n',
      ),
    ).toEqual([
      { href: 'https://a.example/c?t=1', text: 'Conferma qui:' },
      { href: 'https://b.example/x', text: 'Apri il link qui sotto:' },
    ]);
  });
});

describe('existing fixtures and the corpus of oddities', () => {
  it('find a code only in the one that is a verification mail', async () => {
    const root = new URL('./fixtures/', import.meta.url);
    const files = [
      ...readdirSync(root).filter((f) => f.endsWith('.eml')),
      ...readdirSync(new URL('corpus/', root)).map((f) => `corpus/${f}`),
    ];
    const found: string[] = [];
    for (const file of files) {
      const parsed = (await readMessage(readFileSync(new URL(file, root)))).summary;
      if (parsed.code !== null || parsed.confirmLink !== null) {
        found.push(`${file}: ${parsed.code} ${parsed.confirmLink}`);
      }
    }
    // Order, invoice, tracking and booking numbers, dates and prices everywhere else.
    expect(found).toEqual(['corpus/style-gmail-verification-it.eml: 482913 null']);
  });
});

describe('SMTP to API', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(async () => {
    await h.close();
  });

  it('lists, details and announces the code and the link of a mail received over SMTP', async () => {
    const { email, token } = await h.createMailbox();
    const events: MailboxEvent[] = [];
    const unsubscribe = h.bus.subscribe(email, (event) => events.push(event));
    await h.sendRaw(fixture('it-alternative-base64.eml'), email);
    await h.sendRaw(fixture('en-newsletter-decoy.eml'), email);
    unsubscribe();

    const res = await h.app.inject({ url: '/api/v1/messages', headers: bearer(token) });
    const [newsletter, verification] = res.json<MessageList>().messages;
    const link =
      'https://www.mercatino.example/account/conferma-email?t=Q2xpY2tNZTEyMzQ1Njc4OQ&src=mail';
    expect(verification).toMatchObject({ code: '305118', confirmLink: link });
    expect(newsletter).toMatchObject({ code: null, confirmLink: null });

    const detail = await h.app.inject({
      url: `/api/v1/messages/${verification!.id}`,
      headers: bearer(token),
    });
    expect(detail.json<MessageDetail>()).toMatchObject({ code: '305118', confirmLink: link });
    const received = events.find((e) => e.type === 'message.received');
    expect(received).toMatchObject({ message: { code: '305118', confirmLink: link } });
  });
});
