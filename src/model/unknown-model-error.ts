import { StartupError } from '../errors/startup-error.js';

/**
 * A uid that names no loaded content type or component. At startup (a plugin or extension
 * naming a missing type) it stops the start like any StartupError; at request time it is a bug.
 */
export class UnknownModelError extends StartupError {
  static override readonly code: string = 'VELLUM_ERR_UNKNOWN_MODEL';
  override readonly code: string = 'VELLUM_ERR_UNKNOWN_MODEL';
  readonly uid: string;

  constructor(uid: string, message = `Unknown model "${uid}"`) {
    super(message);
    this.name = 'UnknownModelError';
    this.uid = uid;
  }
}
