/**
 * Local accounts, as Strapi's users-permissions `auth` controller: register (`{ username, email,
 * password }` → a user with the `authenticated` role) and login (`{ identifier, password }`),
 * both answering `{ jwt, user }`, with Strapi's messages. A failed login says the same thing
 * and costs the same bcrypt comparison whether or not the account exists.
 */
import type { Entry } from '../engine/types.js';
import { verifyPassword } from '../documents/hash-passwords.js';
import { ApplicationError, ValidationError } from '../errors/index.js';
import type { JwtService } from './jwt.js';
import type { UsersStore } from './users-store.js';

export interface AuthResult {
  readonly jwt: string;
  readonly user: Entry;
}

export interface LocalAuth {
  register(body: unknown): Promise<AuthResult>;
  login(body: unknown): Promise<AuthResult>;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const REGISTER_KEYS = ['username', 'email', 'password'];
/** bcrypt reads at most 72 bytes: a longer password would be silently truncated. */
const MAX_PASSWORD_BYTES = 72;
/** A real bcrypt hash (cost 10) of a random string: unknown accounts cost the same comparison. */
const DUMMY_HASH = '$2b$10$G11g.XwEG7h84uI.tPpH5enrLa7RNzWcP.SjAAntakuyuqm00TMAC';

type Issue = { path: string[]; message: string; name: 'ValidationError' };

function fail(issues: Issue[]): never {
  throw new ValidationError(issues.length === 1 ? issues[0]!.message : `${issues.length} errors occurred`, { errors: issues });
}

function record(body: unknown): Record<string, unknown> {
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

function requiredString(input: Record<string, unknown>, key: string, issues: Issue[]): string {
  const value = input[key];
  if (typeof value !== 'string' || value === '') {
    issues.push({ path: [key], message: `${key} is a required field`, name: 'ValidationError' });
    return '';
  }
  return value;
}

export interface LocalAuthOptions {
  readonly users: UsersStore;
  readonly jwt: JwtService;
  readonly passwordMinLength: number;
  /** documentId of the role new accounts get (`authenticated`) */
  defaultRole(): string | undefined;
}

export function createLocalAuth(options: LocalAuthOptions): LocalAuth {
  const { users, jwt } = options;

  return {
    async register(body) {
      const input = record(body);
      const extra = Object.keys(input).filter((key) => !REGISTER_KEYS.includes(key));
      if (extra.length > 0) throw new ValidationError(`Invalid parameters: ${extra.join(', ')}`);
      const issues: Issue[] = [];
      const username = requiredString(input, 'username', issues);
      const email = requiredString(input, 'email', issues);
      const password = requiredString(input, 'password', issues);
      if (email !== '' && !EMAIL.test(email)) issues.push({ path: ['email'], message: 'email must be a valid email', name: 'ValidationError' });
      if (password !== '' && password.length < options.passwordMinLength) {
        issues.push({ path: ['password'], message: `password must be at least ${options.passwordMinLength} characters`, name: 'ValidationError' });
      }
      if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) {
        issues.push({ path: ['password'], message: `password must be at most ${MAX_PASSWORD_BYTES} bytes`, name: 'ValidationError' });
      }
      if (issues.length > 0) fail(issues);

      const role = options.defaultRole();
      if (role === undefined) throw new ApplicationError('Impossible to find the default role');
      if (await users.isTaken(email, username)) throw new ApplicationError('Email or Username are already taken');
      let user: Entry;
      try {
        user = await users.create({
          username, email: email.toLowerCase(), password, provider: 'local', confirmed: true, blocked: false, role,
        });
      } catch (error) {
        // Lost a race with a concurrent registration: the unique check answers as the pre-check does.
        if (error instanceof ValidationError && /must be unique/.test(error.message)) throw new ApplicationError('Email or Username are already taken');
        throw error;
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
      if (user.blocked === true) throw new ApplicationError('Your account has been blocked by an administrator');
      return { jwt: await jwt.issue(user.id), user };
    },
  };
}
