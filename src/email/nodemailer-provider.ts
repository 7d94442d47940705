/**
 * The SMTP provider on nodemailer, configured as Strapi's `@strapi/provider-email-nodemailer`:
 * `providerOptions` are nodemailer's transport options (`host`, `port`, `secure`, `auth`, …).
 */
import type { Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { EmailMessage, EmailProvider } from './email-provider.js';
import { isRecord } from '../util/is-record.js';
import { loadPackage } from '../util/load-package.js';

const blank = (value: unknown): boolean => value === undefined || value === null || value === '';

/**
 * Strapi's documented configuration reads `auth: { user: env('SMTP_USERNAME'), pass:
 * env('SMTP_PASSWORD') }`; with neither variable set (a local SMTP server that takes anyone),
 * nodemailer still logs in when the server offers AUTH and fails every mail with "Missing
 * credentials for PLAIN" (Strapi answers 500 there). An `auth` of only blank `user` and `pass`
 * means no login (docs/decisions.md).
 */
export function transportOptions(providerOptions: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const { auth, ...rest } = providerOptions;
  if (isRecord(auth) && Object.keys(auth).every((key) => (key === 'user' || key === 'pass') && blank(auth[key]))) return rest;
  return { ...providerOptions };
}

export function createNodemailerProvider(providerOptions: Readonly<Record<string, unknown>>): EmailProvider {
  // nodemailer loads with the first mail, not at every start
  let transport: Promise<Transporter> | undefined;
  const open = (): Promise<Transporter> =>
    (transport ??= loadPackage(() => import('nodemailer')).then(({ createTransport }) => createTransport(transportOptions(providerOptions) as SMTPTransport.Options)));
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
