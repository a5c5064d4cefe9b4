/** The SMTP room's face: the listener, its session limits and the smtp-server adapter. */
export { createSmtpListener, type SmtpListener, type SmtpListenerOptions } from './smtp-listener';
