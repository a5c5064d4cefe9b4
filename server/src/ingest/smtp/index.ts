/**
 * The SMTP room: the listener (one handler per SMTP phase), the session limits and deadlines,
 * and the one adapter that reaches into smtp-server. The rest of the service sees only this face.
 */
export { createSmtpListener, type SmtpListener, type SmtpListenerOptions } from './smtp-listener';
