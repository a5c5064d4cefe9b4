/**
 * The two threads of pipeline-floor.ts. The reader reads each message with mailparser's
 * `simpleParser` and passes the reading and the bytes to the writer; the writer stores what has
 * come since its last commit in one transaction and tells the main thread which messages it holds.
 */
import Database from 'better-sqlite3';
import { simpleParser } from 'mailparser';
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';

interface Read {
  id: number;
  raw: ArrayBuffer;
  from: string;
  subject: string;
  text: string;
  html: string;
  attachments: number;
}

const data = workerData as
  { role: 'reader'; writer: MessagePort } | { role: 'writer'; reader: MessagePort; path: string };

if (data.role === 'reader') {
  const writer = data.writer;
  parentPort!.on('message', ({ id, raw }: { id: number; raw: ArrayBuffer }) => {
    const done = (read: Omit<Read, 'id' | 'raw'>) =>
      writer.postMessage({ id, raw, ...read } satisfies Read, [raw]);
    simpleParser(Buffer.from(raw)).then(
      (mail) =>
        done({
          from: mail.from?.text ?? '',
          subject: mail.subject ?? '',
          text: mail.text ?? '',
          html: typeof mail.html === 'string' ? mail.html : '',
          attachments: mail.attachments.length,
        }),
      () => done({ from: '', subject: '', text: '', html: '', attachments: 0 }),
    );
  });
} else {
  const db = new Database(data.path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.exec(`CREATE TABLE IF NOT EXISTS messages (
    seq INTEGER PRIMARY KEY, received_at INTEGER NOT NULL, size INTEGER NOT NULL,
    from_text TEXT, subject TEXT, text TEXT, html TEXT, attachments INTEGER, raw BLOB)`);
  const insert = db.prepare(
    'INSERT INTO messages (received_at, size, from_text, subject, text, html, attachments, raw) ' +
      'VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const store = db.transaction((batch: Read[]) => {
    const now = Date.now();
    for (const m of batch) {
      const raw = Buffer.from(m.raw);
      insert.run(now, raw.length, m.from, m.subject, m.text, m.html, m.attachments, raw);
    }
  });
  let batch: Read[] = [];
  data.reader.on('message', (m: Read) => {
    if (batch.length === 0) setImmediate(commit);
    batch.push(m);
  });
  const commit = () => {
    const taken = batch;
    batch = [];
    store(taken);
    parentPort!.postMessage(taken.map((m) => m.id));
  };
}
