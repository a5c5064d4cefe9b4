/**
 * The `/api` page: the public JSON API explained to developers, in Italian, with examples.
 *
 * The examples are data ({@link apiExamples}) so that the browser tests can run each one, as
 * written here, against a real server (`e2e/developer-api.test.ts`): the curl commands with a
 * shell, the JavaScript with Node. They use {@link API_ORIGIN}; the tests put the test server's
 * address in its place. The limits are numbers ({@link apiLimits}) that the same tests compare
 * with the server's defaults.
 */
import {
  API_BASE,
  LONG_POLL_MAX_SECONDS,
  MAILBOX_MAX_BYTES,
  MAILBOX_MAX_LIFETIME_SECONDS,
  MAILBOX_MAX_MESSAGES,
  MAILBOX_TTL_SECONDS,
  MAX_MESSAGE_BYTES,
  MAX_STREAMS_PER_IP,
  RATE_LIMIT_CREATE_MAX,
  RATE_LIMIT_CREATE_WINDOW_SECONDS,
  TOMBSTONE_DAYS,
} from '@et/common';
import type { Block, CodeBlock } from './blocks';
import { CONTACT_DOMAIN } from './domain';
import { limits } from './limits';

/** Public origin of the API as the examples write it. */
export const API_ORIGIN = `https://${CONTACT_DOMAIN}`;

/** Base URL of every request: `https://…/api/v1`. */
export const API_URL = `${API_ORIGIN}${API_BASE}`;

/** Where the machine-readable description of the API lives. */
export const OPENAPI_URL = `${API_URL}/openapi.json`;

/** The service's limits, as the page states them (the server's defaults). */
export const apiLimits = {
  /** Life of a mailbox from creation or from the last extension. */
  ttlMinutes: MAILBOX_TTL_SECONDS / 60,
  /** Longest whole life of a mailbox, from its creation, extensions included. */
  maxLifetimeMinutes: MAILBOX_MAX_LIFETIME_SECONDS / 60,
  /** Mailboxes one IP address (IPv6: one /64 network) may create per window. */
  createMax: RATE_LIMIT_CREATE_MAX,
  createWindowMinutes: RATE_LIMIT_CREATE_WINDOW_SECONDS / 60,
  /** Largest message accepted over SMTP. */
  messageMegabytes: MAX_MESSAGE_BYTES / (1024 * 1024),
  /** What one mailbox holds at most. */
  mailboxMessages: MAILBOX_MAX_MESSAGES,
  mailboxMegabytes: MAILBOX_MAX_BYTES / (1024 * 1024),
  /** Days an expired or deleted address stays reserved. */
  tombstoneDays: TOMBSTONE_DAYS,
  /** Event streams open at once on one mailbox. */
  streamsPerMailbox: 5,
  /** Event streams open at once from one IP address (IPv6: one /64 network). */
  streamsPerIp: MAX_STREAMS_PER_IP,
  /** Heartbeat of the event stream. */
  pingSeconds: 15,
} as const;

const auth = '-H "Authorization: Bearer $TOKEN"';

/** A shell command split over lines with `\`, as a reader would type it. */
const sh = (caption: string, ...lines: string[]): CodeBlock => ({
  type: 'code',
  language: 'sh',
  caption,
  code: lines.join(' \\\n  '),
});

/** Every example of the page, by name; the tests run each of them. */
export const apiExamples = {
  create: sh('Crea una casella', 'curl -s -X POST', `${API_URL}/mailboxes`),
  createAnswer: {
    type: 'code',
    language: 'json',
    caption: 'La risposta (201)',
    code: [
      '{',
      `  "email": "k3q9x0b2mzr7@${CONTACT_DOMAIN}",`,
      '  "token": "q3vA9kR2xT7mB1nC5dE8fG0hJ4kL6pS9uW2yZ5aB7cD",',
      '  "expiresAt": "2025-01-15T10:40:00.000Z",',
      '  "maxExpiresAt": "2025-01-15T11:30:00.000Z"',
      '}',
    ].join('\n'),
  },
  domains: sh('Elenca i domini disponibili', 'curl -s', `${API_URL}/domains`),
  createOnDomain: sh(
    'Una casella sul dominio scelto, nella variabile DOMAIN',
    'curl -s -X POST -H "Content-Type: application/json"',
    '-d "{\\"domain\\":\\"$DOMAIN\\"}"',
    `${API_URL}/mailboxes`,
  ),
  events: sh('Segui gli eventi della casella', `curl -N ${auth}`, `${API_URL}/events`),
  eventsOutput: {
    type: 'code',
    language: 'text',
    caption: 'Che cosa arriva quando entra un’email',
    code: [
      'event: message.received',
      'data: {"type":"message.received","message":{"id":"Yk3v…","subject":"Il tuo codice è 482913",…}}',
      '',
      ': ping',
    ].join('\n'),
  },
  eventsScript: {
    type: 'code',
    language: 'js',
    caption: 'eventi.mjs: gli eventi letti con fetch (Node.js 20 o successivo, o il browser)',
    code: `const API = '${API_URL}';
const token = process.env.TOKEN;

const response = await fetch(\`\${API}/events\`, {
  headers: { Authorization: \`Bearer \${token}\` },
});
if (!response.ok) throw new Error(\`Errore HTTP \${response.status}\`);

let buffer = '';
for await (const chunk of response.body.pipeThrough(new TextDecoderStream())) {
  buffer += chunk;
  let end;
  while ((end = buffer.indexOf('\\n\\n')) !== -1) {
    const block = buffer.slice(0, end);
    buffer = buffer.slice(end + 2);
    const data = block
      .split('\\n')
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).trim())
      .join('\\n');
    if (!data) continue; // un commento ": ping" o la riga "retry"
    const event = JSON.parse(data);
    if (event.type === 'message.received') {
      const { from, subject } = event.message;
      console.log(\`Nuova email da \${from.address}: \${subject}\`);
    }
    if (event.type === 'mailbox.expired') process.exit(0);
  }
}`,
  },
  list: sh('Elenca i messaggi, dal più recente', `curl -s ${auth}`, `${API_URL}/messages`),
  longPoll: sh(
    `Aspetta fino a ${LONG_POLL_MAX_SECONDS} secondi i messaggi arrivati dopo il cursore CURSORE`,
    `curl -s ${auth}`,
    `"${API_URL}/messages?since=$CURSORE&wait=${LONG_POLL_MAX_SECONDS}"`,
  ),
  longPollAnswer: {
    type: 'code',
    language: 'json',
    caption:
      'La risposta: i messaggi nuovi, ognuno con il suo cursore, e il cursore da cui ripartire',
    code: [
      '{',
      '  "messages": [',
      '    {',
      '      "id": "Yk3vQ2xR8mT1nB5cD7eF9g",',
      '      "from": { "name": "Servizio", "address": "noreply@servizio.example" },',
      '      "subject": "Il tuo codice è 482913",',
      '      "preview": "Ciao! Il tuo codice di verifica è 482913.",',
      '      "receivedAt": "2025-01-15T10:31:12.000Z",',
      '      "size": 1843,',
      '      "hasAttachments": false,',
      '      "code": "482913",',
      '      "confirmLink": null,',
      '      "authentication": { "spf": "pass", "dkim": "pass", "dmarc": "pass", "domain": "servizio.example" },',
      '      "cursor": "7"',
      '    }',
      '  ],',
      '  "cursor": "7"',
      '}',
    ].join('\n'),
  },
  eventsResume: sh(
    'Riapri lo stream dopo un’interruzione: prima arrivano i messaggi persi',
    `curl -N ${auth} -H "Last-Event-ID: $CURSORE"`,
    `${API_URL}/events`,
  ),
  clientInstall: {
    type: 'code',
    language: 'sh',
    caption: 'Installa il pacchetto tra le dipendenze di sviluppo',
    code: 'npm install --save-dev email-temporanea',
  },
  clientScript: {
    type: 'code',
    language: 'js',
    caption:
      'codice-con-il-pacchetto.mjs: le due righe, in uno script che stampa indirizzo e codice',
    code: `import { createMailbox } from 'email-temporanea';

const casella = await createMailbox({ baseUrl: '${API_ORIGIN}' });
console.log(\`Indirizzo: \${casella.address}\`); // da usare nel modulo di iscrizione
const codice = await casella.waitForCode({ timeout: 60_000 });
console.log(\`Codice: \${codice}\`);
await casella.delete();`,
  },
  read: sh('Leggi un messaggio', `curl -s ${auth}`, `${API_URL}/messages/$ID`),
  attachment: sh(
    'Scarica il primo allegato con il suo nome originale',
    `curl -s -OJ ${auth}`,
    `${API_URL}/messages/$ID/attachment/1`,
  ),
  raw: sh(
    'Scarica il messaggio originale (.eml)',
    `curl -s -o messaggio.eml ${auth}`,
    `${API_URL}/messages/$ID/raw`,
  ),
  extend: sh(
    'Riporta la scadenza a 10 minuti da adesso',
    `curl -s -X POST ${auth}`,
    `${API_URL}/mailbox/extend`,
  ),
  deleteMessage: sh(
    'Elimina un messaggio (risponde 204)',
    `curl -s -X DELETE -w "%{http_code}\\n" ${auth}`,
    `${API_URL}/messages/$ID`,
  ),
  deleteMailbox: sh(
    'Elimina subito la casella e tutti i suoi messaggi (risponde 204)',
    `curl -s -X DELETE -w "%{http_code}\\n" ${auth}`,
    `${API_URL}/mailbox`,
  ),
  codeScript: {
    type: 'code',
    language: 'js',
    caption: 'attendi-codice.mjs: crea un indirizzo e stampa il codice appena arriva',
    code: `const API = '${API_URL}';

const created = await fetch(\`\${API}/mailboxes\`, { method: 'POST' });
if (!created.ok) throw new Error(\`Creazione non riuscita: HTTP \${created.status}\`);
const { email, token } = await created.json();
console.log(\`Indirizzo: \${email}\`);

const headers = { Authorization: \`Bearer \${token}\` };
const deadline = Date.now() + 5 * 60 * 1000;

while (Date.now() < deadline) {
  const answer = await fetch(\`\${API}/messages\`, { headers });
  if (!answer.ok) throw new Error(\`Lettura non riuscita: HTTP \${answer.status}\`);
  const { messages } = await answer.json();
  for (const message of messages) {
    // Il codice estratto dal server o, in mancanza, un numero di 4-8 cifre nel testo.
    const text = \`\${message.subject} \${message.preview}\`;
    const code = message.code ?? text.match(/\\b\\d{4,8}\\b/)?.[0];
    if (code) {
      console.log(\`Codice: \${code}\`);
      process.exit(0);
    }
  }
  await new Promise((resolve) => setTimeout(resolve, 3000));
}
console.error('Nessun codice arrivato in tempo');
process.exit(1);`,
  },
} satisfies Record<string, CodeBlock>;

/** Texts of the page around the body. */
export const developerApiPage = {
  /** The box under the lead with the base URL and the OpenAPI document. */
  baseUrlLabel: 'Indirizzo base',
  openApiLabel: 'Specifica OpenAPI 3',
  openApiHint: 'Lo schema completo di richieste e risposte, da importare nel tuo client HTTP.',
} as const;

const { ttlMinutes, createMax, createWindowMinutes, streamsPerMailbox, pingSeconds } = apiLimits;

/** The body of the page, in order. Sections with an id make the table of contents. */
export const developerApiBlocks: Block[] = [
  { type: 'h2', id: 'come-funziona', text: 'Come funziona' },
  {
    type: 'p',
    text: `Ogni richiesta va all’indirizzo base ${API_URL} e ogni risposta è in JSON. Non serve registrarsi né chiedere una chiave: quando crei una casella ricevi il suo token, che da quel momento apre quella casella e nessun’altra.`,
  },
  {
    type: 'ol',
    items: [
      'Crei una casella e ricevi indirizzo, token e scadenza.',
      'Usi l’indirizzo dove serve: un modulo di iscrizione, un test automatico, un servizio da provare.',
      'Aspetti la posta seguendo gli eventi della casella, oppure chiedendo l’elenco dei messaggi ogni pochi secondi.',
      'Leggi il messaggio, ne scarichi gli allegati, ne ricavi il codice di verifica.',
      `Dopo ${ttlMinutes} minuti la casella si cancella da sola, a meno che tu non la estenda, e comunque al più tardi ${apiLimits.maxLifetimeMinutes} minuti dopo la creazione; puoi anche eliminarla prima.`,
    ],
  },

  { type: 'h2', id: 'crea-indirizzo', text: 'Crea un indirizzo' },
  {
    type: 'p',
    text: 'Una richiesta POST a /mailboxes, senza corpo e senza token, crea una casella con un indirizzo casuale e risponde 201 con tre campi.',
  },
  apiExamples.create,
  apiExamples.createAnswer,
  {
    type: 'ul',
    items: [
      'email: l’indirizzo, pronto a ricevere posta.',
      'token: la chiave della casella. Compare solo in questa risposta: conservalo.',
      'expiresAt: l’istante (ISO 8601, in UTC) in cui casella e messaggi verranno cancellati.',
      `maxExpiresAt: l’istante oltre il quale nessuna estensione porta la casella, ${apiLimits.maxLifetimeMinutes} minuti dopo la creazione.`,
    ],
  },
  {
    type: 'p',
    text: 'L’indirizzo nasce su uno dei domini del servizio, scelto a caso. Se un sito rifiuta quel dominio, chiedi l’elenco con GET /domains e crea la casella su un altro: basta un corpo JSON con il campo domain. La parte prima della chiocciola resta sempre casuale. Un dominio che non è nell’elenco risponde 400 con il code UNKNOWN_DOMAIN, uno che stiamo dismettendo 400 con DOMAIN_RETIRED.',
  },
  apiExamples.domains,
  apiExamples.createOnDomain,
  {
    type: 'p',
    text: 'Tutte le altre richieste vogliono il token nell’intestazione Authorization, nella forma Bearer seguita dal token. Senza token, con un token sbagliato o con una casella scaduta la risposta è 401. Negli esempi che seguono il token è nella variabile di shell TOKEN e l’id di un messaggio nella variabile ID.',
  },

  { type: 'h2', id: 'attendi-posta', text: 'Aspetta la posta' },
  { type: 'h3', text: 'Con gli eventi in tempo reale' },
  {
    type: 'p',
    text: 'GET /events tiene aperta la connessione e invia un evento (server-sent events, text/event-stream) appena succede qualcosa nella casella: è il modo più rapido, perché la nuova email arriva nel momento in cui il nostro server la accetta.',
  },
  apiExamples.events,
  apiExamples.eventsOutput,
  {
    type: 'table',
    caption: 'Gli eventi della casella',
    head: ['Evento', 'Dati', 'Quando'],
    rows: [
      ['message.received', 'message: il riepilogo del messaggio', 'È arrivata un’email.'],
      ['message.deleted', 'id del messaggio', 'Un messaggio è stato eliminato.'],
      ['inbox.cleared', 'nessuno', 'Tutti i messaggi sono stati eliminati.'],
      ['mailbox.extended', 'expiresAt: la nuova scadenza', 'La casella è stata estesa.'],
      [
        'delivery.refused',
        'refusal: quando, mittente, motivo e risposta del server',
        'Il nostro server ha rifiutato un’email per questa casella (troppo grande, casella piena, troppo lenta…); GET /mailbox/refusals elenca le ultime 20.',
      ],
      [
        'mailbox.expired',
        'nessuno',
        'La casella è scaduta o è stata eliminata; subito dopo lo stream si chiude.',
      ],
    ],
  },
  {
    type: 'p',
    text: `Almeno ogni ${pingSeconds} secondi arriva una riga di commento (: ping) che tiene viva la connessione. Se la connessione cade, puoi farti rimandare i messaggi arrivati nel frattempo: lo spieghiamo qui sotto, con i cursori.`,
  },
  {
    type: 'p',
    text: 'Nel browser non usare EventSource, che non può inviare l’intestazione Authorization: leggi lo stream con fetch, come in questo script per Node.js. Con la variabile d’ambiente TOKEN impostata, stampa ogni email in arrivo ed esce quando la casella finisce.',
  },
  apiExamples.eventsScript,
  { type: 'h3', text: 'Con il polling, chiedendo l’elenco' },
  {
    type: 'p',
    text: 'Se preferisci qualcosa di più semplice, chiedi l’elenco dei messaggi ogni 3-5 secondi. GET /messages risponde con i riepiloghi dei messaggi, dal più recente: id, from (name e address), subject, preview (i primi 200 caratteri del testo), receivedAt, size in byte, hasAttachments, code (il codice di verifica, se il server ne ha trovato uno) e confirmLink (il link di conferma).',
  },
  apiExamples.list,
  { type: 'h3', text: 'Con il long-poll, senza perdere nulla' },
  {
    type: 'p',
    text: 'Ogni messaggio ha un cursore: una stringa che indica il suo posto nell’ordine di arrivo della casella. L’ordine cresce soltanto, quindi un messaggio nuovo viene sempre dopo tutti quelli arrivati prima, anche se nel frattempo li hai eliminati. GET /messages?since=0 elenca tutti i messaggi dal più vecchio, ciascuno con il suo cursore, e in fondo il cursore da cui ripartire; con since seguito da un cursore elenca solo quelli arrivati dopo.',
  },
  {
    type: 'p',
    text: `Se aggiungi wait con un numero di secondi, fino a ${LONG_POLL_MAX_SECONDS}, la richiesta resta aperta finché non arriva un messaggio e risponde appena arriva. Se non arriva nulla, allo scadere del tempo risponde con un elenco vuoto, sempre con lo stato 200. Ripeti la richiesta con il cursore ricevuto: non perdi nessuna email e non fai richieste a vuoto.`,
  },
  apiExamples.longPoll,
  apiExamples.longPollAnswer,
  {
    type: 'p',
    text: 'Lo stesso cursore è l’id (la riga id:) dell’evento message.received di quel messaggio. Se lo stream si interrompe, riaprilo con l’intestazione Last-Event-ID e l’ultimo id ricevuto: prima di riprendere in tempo reale, il server ti rimanda, in ordine, i messaggi arrivati mentre eri scollegato. Con Last-Event-ID: 0 li rimanda tutti.',
  },
  apiExamples.eventsResume,

  { type: 'h2', id: 'leggi-messaggio', text: 'Leggi un messaggio' },
  {
    type: 'p',
    text: 'GET /messages/{id} aggiunge al riepilogo i destinatari (to), il testo (text), la versione HTML (html, oppure null) e l’elenco degli allegati (attachments, ognuno con id, filename, contentType e size). Un id sconosciuto, o di un’altra casella, risponde 404.',
  },
  apiExamples.read,
  {
    type: 'callout',
    tone: 'warning',
    title: 'L’HTML delle email è contenuto ostile',
    text: 'Il server lo ripulisce da script e moduli, ma può ancora contenere immagini remote che avvisano il mittente dell’apertura. Se lo mostri in una pagina, usa un iframe con sandbox e blocca le risorse remote.',
  },
  {
    type: 'p',
    text: 'Ogni allegato si scarica con il suo id e arriva sempre come download, con il nome del file ripulito; HTML, SVG e script arrivano come application/octet-stream. Il messaggio originale è in formato .eml: i byte ricevuti, preceduti dalle intestazioni che aggiunge il nostro server (Return-Path, Received e Authentication-Results). Le intestazioni Authentication-Results scritte da altri a nome del nostro server vengono eliminate.',
  },
  apiExamples.attachment,
  apiExamples.raw,

  { type: 'h2', id: 'codice-verifica', text: 'Recupera un codice di verifica da uno script' },
  {
    type: 'p',
    text: 'Il caso più comune nei test automatici: serve un indirizzo nuovo per una registrazione, poi il codice che il servizio invia. Questo script per Node.js 20 o successivo (fetch è già incluso) crea l’indirizzo, lo stampa e controlla la casella ogni 3 secondi finché non trova un codice.',
  },
  apiExamples.codeScript,
  {
    type: 'p',
    text: 'Salvalo come attendi-codice.mjs e avvialo con node attendi-codice.mjs. Il campo code del riepilogo contiene il codice monouso che il server ha trovato nel messaggio (null se non ce n’è), e confirmLink il link di conferma; lo script cerca anche da sé un numero di 4-8 cifre nell’oggetto e nell’anteprima.',
  },

  { type: 'h2', id: 'pacchetto-npm', text: 'Il pacchetto per i test automatici' },
  {
    type: 'p',
    text: 'Per i test end-to-end di una registrazione c’è il pacchetto npm email-temporanea, senza dipendenze, per Node.js 20 o successivo. Fa per te quello che descrive questa pagina: crea la casella, aspetta l’email seguendo gli eventi, riprende dal punto giusto se lo stream cade e passa al long-poll quando lo stream non è disponibile.',
  },
  apiExamples.clientInstall,
  {
    type: 'p',
    text: 'Bastano due righe: la prima crea la casella, la seconda aspetta il codice della prossima email che ne contiene uno. Se non passi baseUrl, il pacchetto lo legge dalla variabile d’ambiente EMAIL_TEMPORANEA_URL.',
  },
  apiExamples.clientScript,
  {
    type: 'ul',
    items: [
      'Ogni attesa considera solo i messaggi arrivati dopo l’ultimo che ha restituito: la seconda chiamata a waitForCode non ti dà mai il primo codice.',
      'Il tempo massimo (timeout, in millisecondi) vale per tutta l’attesa: una connessione caduta o un proxy che chiude le richieste lunghe non lo accorciano.',
      'Se l’email non arriva, l’errore MailboxTimeoutError dice che cosa aspettavi, quali messaggi sono arrivati al suo posto e quali consegne il server ha rifiutato.',
      'waitForMessage e waitForLink aspettano un messaggio o un link di conferma, con filtri su mittente, oggetto e testo; expectNoMessage verifica che non arrivi nulla.',
    ],
  },
  {
    type: 'p',
    text: 'Il pacchetto ha anche un comando da terminale, npx email-temporanea, e una fixture per Playwright che dà a ogni test la sua casella e la elimina alla fine. La documentazione completa, in inglese, è nel README del pacchetto.',
  },

  { type: 'h2', id: 'estendi-elimina', text: 'Estendi o elimina' },
  {
    type: 'p',
    text: `POST /mailbox/extend riporta la scadenza a ${ttlMinutes} minuti da adesso (non li aggiunge a quelli rimasti), ma mai oltre maxExpiresAt, e risponde con email, expiresAt e maxExpiresAt: quando i due istanti coincidono, quella era l’ultima estensione e la successiva riceve 409. GET /mailbox dice la scadenza attuale.`,
  },
  apiExamples.extend,
  {
    type: 'p',
    text: `DELETE /messages/{id} elimina un messaggio, DELETE /messages li elimina tutti, DELETE /mailbox elimina subito la casella: il token smette di funzionare e l’indirizzo non verrà riassegnato per ${apiLimits.tombstoneDays} giorni.`,
  },
  apiExamples.deleteMessage,
  apiExamples.deleteMailbox,

  { type: 'h2', id: 'limiti', text: 'Limiti ed errori' },
  {
    type: 'ul',
    items: [
      `Una casella vive ${ttlMinutes} minuti dalla creazione o dall’ultima estensione, e al massimo ${apiLimits.maxLifetimeMinutes} minuti in tutto; poi casella e messaggi vengono cancellati e il token risponde 401.`,
      `Ogni indirizzo IP (per IPv6, ogni rete /64) può creare al massimo ${createMax} caselle ogni ${createWindowMinutes} minuti; oltre, la risposta è 429 con l’intestazione Retry-After, i secondi da attendere.`,
      `Un messaggio può pesare al massimo ${apiLimits.messageMegabytes} MB; una casella contiene al massimo ${apiLimits.mailboxMessages} messaggi e ${apiLimits.mailboxMegabytes} MB.`,
      `Le caselle create da uno stesso indirizzo IP possono ricevere in tutto al massimo ${limits.creatorBytesPerHour} di posta all’ora, e uno stesso server di posta può consegnarcene al massimo ${limits.senderBytesPerHour} all’ora: oltre, il nostro server risponde 451 4.7.1, il mittente riprova più tardi e il rifiuto compare in GET /mailbox/refusals. Se lo spazio del servizio sta per esaurirsi, la posta nuova riceve 452 4.3.1; quella già arrivata resta.`,
      `Dettaglio, allegati e originale dei messaggi si possono chiedere al massimo ${limits.viewsPerMinute} volte al minuto per token; oltre, 429 con Retry-After.`,
      `Su ogni server del servizio possono restare aperti al massimo ${streamsPerMailbox} stream di eventi per casella e ${apiLimits.streamsPerIp} per indirizzo IP; oltre, 429 con Retry-After. Un indirizzo IP può tenere aperte al massimo ${limits.connectionsPerIp} connessioni: quelle in più vengono rifiutate.`,
    ],
  },
  {
    type: 'p',
    text: 'Ogni errore ha lo stesso formato: un oggetto error con un code stabile, da usare nel codice, e un message in inglese che spiega il problema.',
  },
  {
    type: 'table',
    caption: 'I codici di errore',
    head: ['Stato', 'code', 'Significato'],
    rows: [
      ['400', 'BAD_REQUEST', 'Richiesta malformata, per esempio un id non valido.'],
      ['400', 'UNKNOWN_DOMAIN', 'Il dominio chiesto non è tra quelli del servizio.'],
      [
        '400',
        'DOMAIN_RETIRED',
        'Sul dominio chiesto non si creano più indirizzi: scegline un altro.',
      ],
      ['401', 'UNAUTHORIZED', 'Token mancante, sbagliato o casella scaduta.'],
      ['404', 'NOT_FOUND', 'Messaggio o allegato inesistente in questa casella.'],
      [
        '409',
        'LIFETIME_EXCEEDED',
        'La casella è arrivata alla sua durata massima: non si può estendere oltre.',
      ],
      ['413', 'PAYLOAD_TOO_LARGE', 'Corpo della richiesta troppo grande.'],
      [
        '415',
        'UNSUPPORTED_MEDIA_TYPE',
        'Corpo della richiesta in un formato diverso da application/json.',
      ],
      [
        '422',
        'TOO_COMPLEX',
        'Allegato troppo complesso da estrarre nel tempo concesso: scarica il messaggio .eml, che lo contiene.',
      ],
      ['429', 'RATE_LIMITED', 'Troppe richieste: riprova dopo i secondi di Retry-After.'],
      ['503', 'UNAVAILABLE', 'Nessun indirizzo disponibile in questo momento: riprova.'],
      ['500', 'INTERNAL', 'Errore nostro: riprova tra qualche istante.'],
    ],
  },
];
