import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';

/**
 * Sends one message to our SMTP server over a real SMTP session (no TLS on the test port).
 * Resolves once the server has answered 250 to the data, i.e. once the message is stored.
 */
export async function sendMail(smtpPort: number, message: Mail.Options): Promise<void> {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: smtpPort,
    secure: false,
    ignoreTLS: true,
    name: 'e2e.test',
  });
  try {
    await transport.sendMail(message);
  } finally {
    transport.close();
  }
}
