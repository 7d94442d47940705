/**
 * A refusal of the push protocol (a message out of order, a bad item, an unsafe asset name):
 * answered as Strapi's destination answers a `ProviderTransferError`, `{ code, message,
 * details: { step, details } }`, so Strapi's client shows the message and stops the transfer.
 */
export class PushError extends Error {
  constructor(
    message: string,
    /** Strapi's error step: `transfer` (ProviderTransferError) or `validation` (ProviderValidationError) */
    readonly step: 'transfer' | 'validation' = 'transfer',
    readonly details: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = 'PushError';
  }
}
