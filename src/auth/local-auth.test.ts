import { describe, expect, it } from 'vitest';
import { ApplicationError, UniqueError, ValidationError } from '../errors/index.js';
import type { JwtService } from './jwt.js';
import { createLocalAuth } from './local-auth.js';
import type { UsersStore } from './users-store.js';

/** Register against a store whose pre-check passes but whose write fails as given (a lost race). */
function registerFailingWith(error: Error): Promise<unknown> {
  const users = { isTaken: async () => false, create: async () => { throw error; } } as unknown as UsersStore;
  const jwt: JwtService = { issue: async () => 'jwt', verify: async () => null };
  const auth = createLocalAuth({
    users, jwt, passwordMinLength: 6, roleOfType: async () => 'role-doc', sendConfirmation: async () => undefined,
    advanced: () => ({ unique_email: true, allow_register: true, email_confirmation: false, email_confirmation_redirection: '', email_reset_password: '', default_role: 'authenticated' }),
  });
  return auth.register({ username: 'ada', email: 'ada@example.com', password: 'secret123' });
}

describe('register after a lost race', () => {
  it('answers a unique violation (by its code, whatever the message) as Strapi does', async () => {
    for (const message of ['email must be unique', '2 errors occurred']) {
      const refused = await registerFailingWith(new UniqueError(message)).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(ApplicationError);
      expect(refused).toMatchObject({ code: 'VELLUM_ERR_APPLICATION', message: 'Email or Username are already taken' });
    }
  });

  it('lets other validation errors through unchanged, even one whose message says unique', async () => {
    const other = new ValidationError('email must be unique, says a hook');
    await expect(registerFailingWith(other)).rejects.toBe(other);
  });
});
