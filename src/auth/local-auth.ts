/**
 * Local accounts, as Strapi's users-permissions `auth` controller: register (`{ username, email,
 * password }` → a user with the `authenticated` role) and login (`{ identifier, password }`),
 * both answering `{ jwt, user }`, with Strapi's messages. A failed login says the same thing
 * and costs the same bcrypt comparison whether or not the account exists.
 */
import type { Entry } from '../engine/types.js';
import { verifyPassword } from '../documents/hash-passwords.js';
import { ApplicationError, UniqueError, ValidationError, VellumError } from '../errors/index.js';
import type { JwtService } from './jwt.js';
import type { UsersStore } from './users-store.js';
import { accountFields, fail, record, requiredString, type Issue } from './body-checks.js';
import type { AdvancedSettings } from '../config/types.js';

export interface AuthResult {
  /** absent when the account must first confirm its email */
  readonly jwt?: string;
  readonly user: Entry;
}

export interface LocalAuth {
  register(body: unknown): Promise<AuthResult>;
  login(body: unknown): Promise<AuthResult>;
}

const REGISTER_KEYS = ['username', 'email', 'password'];
/** A real bcrypt hash (cost 10) of a random string: unknown accounts cost the same comparison. */
export const DUMMY_HASH = '$2b$10$G11g.XwEG7h84uI.tPpH5enrLa7RNzWcP.SjAAntakuyuqm00TMAC';

export interface LocalAuthOptions {
  readonly users: UsersStore;
  readonly jwt: JwtService;
  readonly passwordMinLength: number;
  /** documentId of the role of that type */
  roleOfType(type: string): Promise<string | undefined>;
  advanced(): AdvancedSettings;
  /** gives the new account a confirmation token and mails the link */
  sendConfirmation(user: Entry): Promise<void>;
}

export function createLocalAuth(options: LocalAuthOptions): LocalAuth {
  const { users, jwt } = options;

  return {
    async register(body) {
      const settings = options.advanced();
      if (!settings.allow_register) throw new ApplicationError('Register action is currently disabled');
      const input = record(body);
      const extra = Object.keys(input).filter((key) => !REGISTER_KEYS.includes(key));
      if (extra.length > 0) throw new ValidationError(`Invalid parameters: ${extra.join(', ')}`);
      const { username, email, password } = accountFields(input, options.passwordMinLength);

      const role = await options.roleOfType(settings.default_role);
      if (role === undefined) throw new ApplicationError('Impossible to find the default role');
      if (await users.isTaken(email, username)) throw new ApplicationError('Email or Username are already taken');
      let user: Entry;
      try {
        user = await users.create({
          username, email: email.toLowerCase(), password, provider: 'local', confirmed: !settings.email_confirmation, blocked: false, role,
        });
      } catch (error) {
        // Lost a race with a concurrent registration: the unique check answers as the pre-check does.
        if (error instanceof VellumError && error.code === UniqueError.code) throw new ApplicationError('Email or Username are already taken');
        throw error;
      }
      if (settings.email_confirmation) {
        try {
          await options.sendConfirmation(user);
        } catch {
          throw new ApplicationError('Error sending confirmation email');
        }
        return { user };
      }
      return { jwt: await jwt.issue(user.id), user };
    },

    async login(body) {
      const input = record(body);
      const issues: Issue[] = [];
      const identifier = requiredString(input, 'identifier', issues);
      const password = requiredString(input, 'password', issues);
      if (issues.length > 0) fail(issues);

      const user = await users.findByIdentifier(identifier);
      const hash = user ? await users.passwordHash(user.id) : null;
      const valid = await verifyPassword(password, hash ?? DUMMY_HASH);
      if (!user || hash === null || !valid) throw new ValidationError('Invalid identifier or password');
      if (options.advanced().email_confirmation && user.confirmed !== true) throw new ApplicationError('Your account email is not confirmed');
      if (user.blocked === true) throw new ApplicationError('Your account has been blocked by an administrator');
      return { jwt: await jwt.issue(user.id), user };
    },
  };
}
