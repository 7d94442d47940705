/**
 * The email provider interface, as Strapi's email plugin shapes it: a provider sends one message;
 * `from` and `replyTo` default to the configured `settings.defaultFrom` / `defaultReplyTo`.
 */
export interface EmailMessage {
  readonly to: string;
  readonly from?: string;
  readonly replyTo?: string;
  readonly subject: string;
  readonly text: string;
  readonly html?: string;
}

export interface EmailProvider {
  send(message: EmailMessage): Promise<void>;
  /** releases connections (SMTP pools) */
  close?(): Promise<void>;
}
