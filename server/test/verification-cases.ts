/**
 * Verification mails written for the tests of the code and link heuristic: Italian and
 * English, text and HTML, codes with spaces and dashes, and the decoys that real mail puts next
 * to them (order and invoice numbers, dates, times, prices, phones, postcodes, tracking numbers,
 * discount codes). Each is composed into a real MIME message and read by the real parser.
 * More cases live as `.eml` files in fixtures/verification/ (see its README.md).
 */
export interface VerificationCase {
  name: string;
  subject: string;
  text?: string;
  html?: string;
  /** The code the visitor should type, or null when the mail has none. */
  code: string | null;
  /** The confirmation link, or null. */
  link: string | null;
  /** Numbers and references in the mail that must never come out as the code. */
  decoys: string[];
}

export const CASES: VerificationCase[] = [
  {
    name: 'it, text: code in a sentence, address with CAP below',
    subject: 'Il tuo codice di verifica',
    text: [
      'Ciao Marco,',
      '',
      'il tuo codice di verifica è 482913.',
      'Scade tra 10 minuti.',
      '',
      'Se non hai richiesto tu il codice, ignora questa email.',
      '',
      'Il team di Acme',
      'Acme S.r.l. – Via Roma 12, 20121 Milano – P.IVA 01234567890',
    ].join('\n'),
    code: '482913',
    link: null,
    decoys: ['20121', '01234567890'],
  },
  {
    name: 'it, subject only: code with a space',
    subject: 'Il tuo codice è 731 904',
    text: 'Usa questo codice per accedere. Non condividerlo con nessuno.\n\nAcme',
    code: '731904',
    link: null,
    decoys: [],
  },
  {
    name: 'it, text: spaced digits on their own line, plus a confirmation URL and prices',
    subject: 'Conferma la tua registrazione',
    text: [
      'Benvenuto su Pizzeria Online!',
      '',
      'Per completare la registrazione inserisci questo codice:',
      '',
      '   5 8 2 0 4 7',
      '',
      'Oppure conferma il tuo indirizzo da qui:',
      'https://pizzeria-online.example/registrazione/conferma?token=a8F3kL9qZx72mP4tR1&lang=it',
      '',
      'Ordine minimo € 15,00 – consegna gratuita sopra 25 €.',
      'Per disiscriverti: https://pizzeria-online.example/newsletter/disiscriviti?u=88213',
    ].join('\n'),
    code: '582047',
    link: 'https://pizzeria-online.example/registrazione/conferma?token=a8F3kL9qZx72mP4tR1&lang=it',
    decoys: ['1500', '88213'],
  },
  {
    name: 'it, bank OTP with dashes, amount, date and a toll-free number',
    subject: 'Codice OTP per la tua operazione',
    text: [
      'Gentile cliente,',
      'per autorizzare il bonifico di € 1.250,00 del 12/03/2025 usa il codice OTP: 69-41-27',
      'Il codice è valido 5 minuti.',
      'Servizio clienti: 800 123 456 (lun-ven 8:00-20:00)',
    ].join('\n'),
    code: '694127',
    link: null,
    decoys: ['125000', '12032025', '800123456'],
  },
  {
    name: 'it, order confirmation: order, customer code, total, phone (no code)',
    subject: "Conferma d'ordine n. 100234",
    text: [
      'Grazie per il tuo acquisto!',
      '',
      'Ordine n. 100234 del 14/10/2025',
      'Totale: € 49,90',
      'Codice cliente: 884213',
      '',
      'Traccia la spedizione: https://negozio.example/ordini/100234/traccia?k=3f9a8c7d6e5b4a3f2e1d',
      'Per assistenza: tel. 02 4567 8901',
    ].join('\n'),
    code: null,
    link: null,
    decoys: ['100234', '884213', '4990', '14102025'],
  },
  {
    name: 'it, invoice: number with a slash, SDI code, due date (no code)',
    subject: 'Fattura 2025/0042 disponibile',
    text: [
      'Gentile cliente,',
      'la fattura n. 2025/0042 di € 122,00 è disponibile nella tua area riservata.',
      'Codice SDI: M5UXCR1',
      'Scadenza pagamento: 30/11/2025',
      'Scarica la fattura: https://fornitore.example/fatture/2025-0042.pdf',
    ].join('\n'),
    code: null,
    link: null,
    decoys: ['20250042', '0042', 'M5UXCR1', '12200'],
  },
  {
    name: 'it, text: four-digit PIN',
    subject: 'Accesso al portale',
    text: 'Il tuo PIN temporaneo: 4821\nCambialo al primo accesso.\n\nUfficio IT – interno 2231',
    code: '4821',
    link: null,
    decoys: ['2231'],
  },
  {
    name: 'it, HTML table: code in its own cell under the label',
    subject: 'Verifica il tuo indirizzo email',
    html: `<table width="100%"><tr><td align="center">
<h1 style="font-size:20px">Il tuo codice di verifica</h1></td></tr>
<tr><td align="center" style="font-size:34px;letter-spacing:6px"><strong>390 552</strong></td></tr>
<tr><td style="color:#888">Il codice scade tra 15 minuti. Acme S.p.A., Corso Italia 8, 10121 Torino</td></tr>
</table>`,
    code: '390552',
    link: null,
    decoys: ['10121'],
  },
  {
    name: 'it, text: alphanumeric activation code with a dash',
    subject: 'Attiva la tua licenza',
    text: 'Grazie per aver scelto FotoPro 2025!\n\nCodice di attivazione: K7Q-9XZ\n\nVersione 12.4 – build 8841',
    code: 'K7Q9XZ',
    link: null,
    decoys: ['8841', '2025'],
  },
  {
    name: 'it, text: security code after its label, date, time and an IP below',
    subject: 'Nuovo accesso al tuo account',
    text: [
      'Hai effettuato l’accesso da un nuovo dispositivo.',
      'Codice di sicurezza:',
      '',
      '    208 714',
      '',
      'Data: 15/10/2025 alle 14:32',
      'Indirizzo IP: 192.0.2.45',
    ].join('\n'),
    code: '208714',
    link: null,
    decoys: ['15102025', '1432', '192.0.2.45'],
  },
  {
    name: 'it, text: code named only by the verbs around it',
    subject: 'Benvenuto!',
    text: "Inserisci 615 298 nell'app per verificare il tuo numero di telefono.",
    code: '615298',
    link: null,
    decoys: [],
  },
  {
    name: 'it, HTML newsletter: discount code, percentages, prices (no code)',
    subject: "Saldi d'autunno: fino al 40% di sconto",
    html: `<h1>Saldi d'autunno</h1>
<p>Fino al 40% di sconto su tutta la collezione. Usa il codice <b>SCONTO20</b> entro il 31/10.</p>
<p>Spedizione gratuita sopra 49 €. Scarpe da € 29,90.</p>
<p><a href="https://negozio.example/saldi?utm_source=newsletter&amp;utm_campaign=autunno2025">Scopri i saldi</a></p>
<p style="font-size:11px"><a href="https://negozio.example/newsletter/disiscriviti?u=7f3e2d1c0b9a88776655">Disiscriviti</a> · <a href="https://negozio.example/privacy">Privacy</a></p>`,
    code: null,
    link: null,
    decoys: ['SCONTO20', '2990'],
  },
  {
    name: 'it, text: shipping notice with tracking and order numbers (no code)',
    subject: 'Il tuo pacco è in viaggio',
    text: [
      'Il tuo pacco è stato affidato al corriere.',
      'Codice di tracciamento: 1Z999AA10123456784',
      'Numero ordine 4021-8830',
      'Consegna prevista: 17/10, tra le 9:00 e le 13:00.',
      'Segui la spedizione: https://spedizioni.example/traccia?codice=1Z999AA10123456784',
    ].join('\n'),
    code: null,
    link: null,
    decoys: ['40218830', '1Z999AA10123456784'],
  },
  {
    name: 'it, HTML: magic log-in link behind an "Accedi" button',
    subject: 'Accedi a Bacheca',
    html: `<p>Ciao! Hai chiesto di entrare in Bacheca.</p>
<p><a href="https://bacheca.example/auth/magic?token=Zk3m9Q2xL7pA1vB8nC4d" style="background:#2563eb;color:#fff;padding:12px 20px">Accedi</a></p>
<p>Il link vale 15 minuti e si può usare una volta sola.</p>
<p><a href="https://bacheca.example/aiuto">Aiuto</a></p>`,
    code: null,
    link: 'https://bacheca.example/auth/magic?token=Zk3m9Q2xL7pA1vB8nC4d',
    decoys: [],
  },
  {
    name: 'it, HTML: newsletter double opt-in with an unsubscribe footer',
    subject: 'Conferma la tua iscrizione alla newsletter',
    html: `<p>Grazie per esserti iscritto alla newsletter di Cucina Facile.</p>
<p><a href="https://news.example/subscribe/confirm?id=8f7a6b5c4d3e2f1a0b9c">Conferma l’iscrizione</a></p>
<p>Se non sei stato tu, ignora questo messaggio.</p>
<p><a href="https://news.example/unsubscribe?id=8f7a6b5c4d3e2f1a0b9c">Cancella iscrizione</a></p>`,
    code: null,
    link: 'https://news.example/subscribe/confirm?id=8f7a6b5c4d3e2f1a0b9c',
    decoys: [],
  },
  {
    name: 'en, text: code in a sentence, US address with ZIP below',
    subject: 'Your verification code',
    text: [
      'Hi,',
      '',
      'Your verification code is 482913. It expires in 10 minutes.',
      "If you didn't request this, you can ignore this email.",
      '',
      'Acme Inc., 123 Main Street, Springfield, IL 62704',
    ].join('\n'),
    code: '482913',
    link: null,
    decoys: ['62704'],
  },
  {
    name: 'en, subject: code first, then what it is',
    subject: '591 037 is your Acme confirmation code',
    text: 'Hi Anna,\n\nWe received a request to create an Acme account with this address.\n',
    code: '591037',
    link: null,
    decoys: [],
  },
  {
    name: 'en, HTML: alphanumeric security code in its own block',
    subject: 'Security code for your account',
    html: `<p>Use the following security code to finish signing in:</p>
<div style="font-size:28px;font-family:monospace">KX4-7PQ</div>
<p>This code expires at 14:45 UTC.</p>`,
    code: 'KX47PQ',
    link: null,
    decoys: ['1445'],
  },
  {
    name: 'en, text: order receipt with total, date, tracking and promo code (no code)',
    subject: 'Order #100234 confirmed',
    text: [
      'Thanks for your order #100234 placed on 2025-10-14.',
      'Total: $12.00',
      'Estimated delivery: Oct 18.',
      'Tracking number: 9400 1000 0000 0000 0000 00',
      'Promo code SAVE10 applied.',
      'View your order: https://shop.example/orders/100234?key=wc_order_8a7b6c5d4e3f2a1b',
    ].join('\n'),
    code: null,
    link: null,
    decoys: ['100234', 'SAVE10', '20251014', '1200'],
  },
  {
    name: 'en, text: device code with a dash, company postcode',
    subject: '[Forge] Please verify your device',
    text: [
      'Hey anna-b!',
      '',
      'A sign in attempt requires further verification because we did not recognize your device.',
      'To complete the sign in, enter the verification code on the unrecognized device.',
      '',
      'Verification code: 4821-7730',
      '',
      'Thanks,',
      'The Forge Team',
      'Forge, Inc. 88 Colin P Kelly Jr Street, San Francisco, CA 94107',
    ].join('\n'),
    code: '48217730',
    link: null,
    decoys: ['94107'],
  },
  {
    name: 'en, HTML: magic sign-in link',
    subject: 'Sign in to Notely',
    html: `<p>Click the button below to sign in to Notely. This link expires in 24 hours.</p>
<p><a href="https://app.notely.example/login?token=eyJhbGciOiJIUzI1NiJ9x7Kp2">Sign in to Notely</a></p>
<p>Or copy this URL: https://app.notely.example/login?token=eyJhbGciOiJIUzI1NiJ9x7Kp2</p>
<p><a href="https://notely.example/terms">Terms</a> · <a href="https://twitter.com/notely">Twitter</a></p>`,
    code: null,
    link: 'https://app.notely.example/login?token=eyJhbGciOiJIUzI1NiJ9x7Kp2',
    decoys: [],
  },
  {
    name: 'en, text: confirm link among "not me" and unsubscribe links',
    subject: 'Confirm your email address',
    text: [
      'Please confirm your email address by clicking the link below:',
      'https://accounts.acme.example/verify-email?token=c29tZXJhbmRvbXRva2VuMTIz',
      '',
      'Not you? https://accounts.acme.example/not-me?token=c29tZXJhbmRvbXRva2VuMTIz',
      'Unsubscribe: https://acme.example/unsubscribe?u=1234567',
    ].join('\n'),
    code: null,
    link: 'https://accounts.acme.example/verify-email?token=c29tZXJhbmRvbXRva2VuMTIz',
    decoys: ['1234567'],
  },
  {
    name: 'en, HTML: both a code and a verify button',
    subject: 'Welcome to Acme',
    html: `<p>Your Acme code is <b>350 912</b>.</p>
<p>Or verify your email with one click:</p>
<p><a href="https://acme.example/v/3f9a8c7d6e5b4a3f2e1d">Verify email</a></p>
<p><a href="https://acme.example/preferences">Email preferences</a></p>`,
    code: '350912',
    link: 'https://acme.example/v/3f9a8c7d6e5b4a3f2e1d',
    decoys: [],
  },
  {
    name: 'en, text: one-time passcode with a validity in minutes',
    subject: 'Your one-time passcode',
    text: 'Your one-time passcode: 8264 (valid for 5 minutes).\nNever share it with anyone.',
    code: '8264',
    link: null,
    decoys: [],
  },
  {
    name: 'en, HTML newsletter: prices, a date, a phone and a "code" that is a promo (no code)',
    subject: 'Black Friday starts now',
    html: `<h2>Black Friday: 30% off everything</h2>
<p>Headphones from $49.99, laptops from $899. Offer ends 11/29/2025.</p>
<p>Use code <b>BF2025</b> at checkout. Questions? Call 1-800-555-0199.</p>
<p><a href="https://shop.example/black-friday?utm_source=email&amp;utm_medium=nl">Shop now</a> · <a href="https://shop.example/unsubscribe?e=9f8e7d6c5b4a">Unsubscribe</a></p>`,
    code: null,
    link: null,
    decoys: ['BF2025', '4999', '18005550199', '5550199', '11292025'],
  },
  {
    name: 'en, text: appointment with a booking reference and a confirm link',
    subject: 'Reminder: your appointment on 18 October',
    text: [
      'Dear patient,',
      'this is a reminder of your appointment on 18/10/2025 at 10:30.',
      'Booking reference: 58213',
      'Confirm your attendance: https://clinic.example/appointments/58213/confirm?sig=7b6a5c4d3e2f1a0b9c8d',
      'Clinic phone: +39 06 1234 5678',
    ].join('\n'),
    code: null,
    link: 'https://clinic.example/appointments/58213/confirm?sig=7b6a5c4d3e2f1a0b9c8d',
    decoys: ['58213', '1030', '12345678'],
  },
  {
    name: 'en, text: sign-in alert with IP and time, "secure your account" link (nothing)',
    subject: 'New sign-in to your account',
    text: [
      'We noticed a new sign-in on Oct 15, 2025 at 14:32 from 203.0.113.7 (Rome, Italy).',
      'If this was you, no action is needed.',
      'If not, secure your account: https://acme.example/security/secure-account?token=abcdef0123456789xyz',
    ].join('\n'),
    code: null,
    link: null,
    decoys: ['2025', '1432'],
  },
  {
    name: 'it, text: pairs of digits',
    subject: 'Accesso a Bacheca',
    text: 'Ecco il codice per accedere a Bacheca: 73 91 55\n\nNon condividerlo.',
    code: '739155',
    link: null,
    decoys: [],
  },
  {
    name: 'it, text: code after a long phrase with a date, amount and phone nearby',
    subject: 'Autorizza il pagamento',
    text: [
      "Il codice di sicurezza per l'operazione del 03/11/2025 è 551 208.",
      'Importo: 250,00 €.',
      'Non comunicarlo a nessuno, nemmeno al nostro servizio clienti (800 90 90 90).',
    ].join('\n'),
    code: '551208',
    link: null,
    decoys: ['25000', '800909090', '03112025'],
  },
  {
    name: 'en, text: five-character guard code on its own line',
    subject: 'Your Acme Guard code',
    text: [
      'Dear anna_b,',
      '',
      'Here is the Acme Guard code you need to log in to account anna_b:',
      '',
      '4G7KF',
      '',
      'This email was generated because of a login attempt from 198.51.100.23 near Milan, IT.',
    ].join('\n'),
    code: '4G7KF',
    link: null,
    decoys: [],
  },
  {
    name: 'it, HTML only: code in bold inside a sentence',
    subject: 'Completa la registrazione',
    html: '<p>Ciao Luca,</p><p>il tuo codice è <strong>846 302</strong>. Inseriscilo entro 10 minuti.</p><p>© 2025 Acme</p>',
    code: '846302',
    link: null,
    decoys: ['2025'],
  },
  {
    name: 'it, subject: access code, body without it',
    subject: 'Codice di accesso: 662 019',
    text: 'Ciao, ecco cosa ti serve per entrare.\n\nBuona giornata!',
    code: '662019',
    link: null,
    decoys: [],
  },
  {
    name: 'it, subject: code first, then "è il tuo codice"',
    subject: '219 664 è il tuo codice di conferma',
    text: 'Ciao Giulia, qualcuno ha provato a registrarsi con questo indirizzo.',
    code: '219664',
    link: null,
    decoys: [],
  },
  {
    name: 'it, text: concert ticket with seat, date and ticket code (no code)',
    subject: 'Il tuo biglietto per il concerto',
    text: [
      'Il tuo biglietto per il concerto del 21/12/2025 alle 21:00.',
      'Fila 12, posto 34.',
      'Codice biglietto: 7741 2093',
      'Prezzo: € 45,00 + € 5,50 di commissioni.',
    ].join('\n'),
    code: null,
    link: null,
    decoys: ['77412093', '4500', '21122025'],
  },
  {
    name: 'it, text newsletter: dates, prices and a phone (no code, no link)',
    subject: 'Le novità di ottobre',
    text: [
      'Cari lettori,',
      'dal 14 al 20 ottobre 2025 la libreria resta aperta fino alle 22:00.',
      'Il nuovo romanzo di Elena costa 18,50 € (ISBN 978-88-04-71234-5).',
      'Prenota al 340 123 4567 o passa in Via Garibaldi 7, 40121 Bologna.',
      'Leggi online: https://libreria.example/news/ottobre-2025',
    ].join('\n'),
    code: null,
    link: null,
    decoys: ['40121', '3401234567', '1850', '2025'],
  },
  {
    name: 'it, text: activation link on the line after its sentence',
    subject: 'Benvenuto nel forum',
    text: [
      'Ciao Paolo,',
      'clicca sul link qui sotto per attivare il tuo account:',
      '',
      'https://forum.example/attiva/9a8b7c6d5e4f3a2b1c0d',
      '',
      'Il link scade il 20/11/2025.',
      'Regolamento del forum: https://forum.example/regole',
    ].join('\n'),
    code: null,
    link: 'https://forum.example/attiva/9a8b7c6d5e4f3a2b1c0d',
    decoys: ['20112025'],
  },
  {
    name: 'it, HTML: confirm button through a click tracker, privacy and unsubscribe links',
    subject: 'Un ultimo passo',
    html: `<p>Manca solo un passo per attivare il tuo profilo.</p>
<p><a href="https://click.mailer.example/ls/click?upn=Xy7z8W9v0U1t2S3r4Q5p">Conferma indirizzo email</a></p>
<p style="font-size:11px"><a href="https://click.mailer.example/ls/click?upn=Ab1cD2eF3gH4iJ5kL6mN">Privacy</a> ·
<a href="https://click.mailer.example/ls/click?upn=Zz9yY8xX7wW6vV5uU4tT">Disiscriviti</a></p>`,
    code: null,
    link: 'https://click.mailer.example/ls/click?upn=Xy7z8W9v0U1t2S3r4Q5p',
    decoys: [],
  },
  {
    name: 'it, HTML: order code and confirmation code side by side',
    subject: 'Ritiro in negozio',
    html: `<p>Il tuo ordine è pronto per il ritiro.</p>
<p>Codice ordine: <b>558120</b></p>
<p>Codice di conferma: <b>940 217</b></p>
<p>Mostra il codice di conferma alla cassa entro il 30/10.</p>`,
    code: '940217',
    link: null,
    decoys: ['558120'],
  },
  {
    name: 'en, text: eight-digit security code, masked address',
    subject: 'Acme account security code',
    text: [
      'Please use the following security code for the Acme account an***@example.org.',
      '',
      'Security code: 77201184',
      '',
      'If you don’t recognize the Acme account an***@example.org, you can click here to remove your email address from that account.',
    ].join('\n'),
    code: '77201184',
    link: null,
    decoys: [],
  },
];
