/**
 * The SMTP provider on nodemailer, configured as Strapi's `@strapi/provider-email-nodemailer`:
 * `providerOptions` are nodemailer's transport options (`host`, `port`, `secure`, `auth`, …).
 */
import type { Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { EmailMessage, EmailProvider } from './email-provider.js';
import { loadPackage } from '../util/load-package.js';

export function createNodemailerProvider(providerOptions: Readonly<Record<string, unknown>>): EmailProvider {
  // nodemailer loads with the first mail, not at every start
  let transport: Promise<Transporter> | undefined;
  const open = (): Promise<Transporter> =>
    (transport ??= loadPackage(() => import('nodemailer')).then(({ createTransport }) => createTransport(providerOptions as SMTPTransport.Options)));
  return {
    async send(message: EmailMessage) {
      await (await open()).sendMail({
        to: message.to,
        from: message.from,
        replyTo: message.replyTo,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
    },
    async close() {
      if (transport) (await transport).close();
    },
  };
}
