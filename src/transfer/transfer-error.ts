/**
 * Why an import or export stops: an archive that cannot be read (truncated, corrupt, wrongly
 * keyed), a schema that differs from the project's, a database that is not empty. The CLI prints
 * the message (no stack) and exits 1. Not an HTTP error: no request ever sees one.
 */
export class TransferError extends Error {
  static readonly code: string = 'VELLUM_ERR_TRANSFER';
  /** stable identifier, listed in docs/errors.md */
  readonly code: string = 'VELLUM_ERR_TRANSFER';

  /** the message already names the file and line it is about */
  readonly placed: boolean;

  constructor(message: string, placed = false) {
    super(message);
    this.placed = placed;
    this.name = 'TransferError';
  }
}
