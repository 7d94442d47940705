/**
 * The email service for one app, from the checked `config/plugins` `email.config` slice
 * (Strapi's shape: `{ provider, providerOptions, settings: { defaultFrom, defaultReplyTo } }`).
 * Without a provider, sending fails with a clear error instead of pretending to deliver.
 */
import { ApplicationError } from '../errors/index.js';
import type { EmailConfig } from '../config/types.js';
import type { EmailMessage, EmailProvider } from './email-provider.js';
import { createNodemailerProvider } from './nodemailer-provider.js';

export interface EmailService {
  /** whether a provider is configured */
  readonly enabled: boolean;
  send(message: EmailMessage): Promise<void>;
  close(): Promise<void>;
}

export function createEmailService(config: EmailConfig, provider?: EmailProvider): EmailService {
  const chosen = provider ?? (config.provider === 'nodemailer' ? createNodemailerProvider(config.providerOptions) : undefined);
  return {
    enabled: chosen !== undefined,
    async send(message) {
      if (!chosen) throw new ApplicationError('No email provider is configured (config/plugins: email.config.provider)');
      await chosen.send({
        ...message,
        from: message.from ?? config.defaultFrom,
        replyTo: message.replyTo ?? config.defaultReplyTo,
      });
    },
    async close() {
      await chosen?.close?.();
    },
  };
}
