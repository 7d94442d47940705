/**
 * The users-permissions account flows, with Strapi's routes, bodies, answers and messages:
 * forgot / reset / change password, email confirmation and its re-sending. Codes are single
 * use, expiring and stored hashed (account-codes.ts); mail goes through the email service.
 * Unknown or blocked addresses get the same answer as known ones (nothing to learn by probing).
 */
import type { AdvancedSettings } from '../config/types.js';
import { verifyPassword } from '../documents/hash-passwords.js';
import type { EmailService } from '../email/email-service.js';
import type { Entry } from '../engine/types.js';
import { ApplicationError, ValidationError } from '../errors/index.js';
import { issueCode, readCode } from './account-codes.js';
import { checkPassword, fail, issue, record, requiredEmail, requiredString, type Issue } from './body-checks.js';
import type { JwtService } from './jwt.js';
import type { AuthResult } from './local-auth.js';
import type { UsersStore } from './users-store.js';
import { renderTemplate, type EmailTemplates } from './email-templates.js';

export interface AccountFlows {
  forgotPassword(body: unknown): Promise<{ ok: true }>;
  resetPassword(body: unknown): Promise<AuthResult>;
  /** `user`: the authenticated caller, null for anyone else */
  changePassword(user: Entry | null, body: unknown): Promise<AuthResult>;
  /** confirms the account; answers where REST redirects, and the `{ jwt, user }` GraphQL answers */
  emailConfirmation(query: unknown): Promise<{ redirect: string; jwt: string; user: Entry }>;
  sendEmailConfirmation(body: unknown): Promise<{ email: string; sent: true }>;
  /** gives the user a fresh confirmation token and mails the link (register uses it) */
  sendConfirmation(user: Entry): Promise<void>;
}

export interface AccountFlowsOptions {
  readonly users: UsersStore;
  readonly jwt: JwtService;
  readonly email: EmailService;
  readonly passwordMinLength: number;
  readonly resetPasswordLifetime: number;
  readonly emailConfirmationLifetime: number;
  /** absolute URL of `GET /api/auth/email-confirmation` */
  readonly confirmationUrl: string;
  advanced(): AdvancedSettings;
  /** the templates an admin stored (`PUT /users-permissions/email-templates`); undefined: the built-in messages */
  templates?(): EmailTemplates | undefined;
  readonly log: { warn(message: string): void };
}

/** Strapi's default email templates, as sent until an admin stores others (email-templates.ts). */
function resetMessage(link: string): { subject: string; text: string; html: string } {
  return {
    subject: 'Reset password',
    text: `We heard that you lost your password. Sorry about that!\n\nBut don’t worry! You can use the following link to reset your password:\n${link}\n\nThanks.`,
    html: `<p>We heard that you lost your password. Sorry about that!</p>\n\n<p>But don’t worry! You can use the following link to reset your password:</p>\n<p>${escapeHtml(link)}</p>\n\n<p>Thanks.</p>`,
  };
}

function confirmationMessage(link: string): { subject: string; text: string; html: string } {
  return {
    subject: 'Account confirmation',
    text: `Thank you for registering!\n\nYou have to confirm your email address. Please click on the link below.\n\n${link}\n\nThanks.`,
    html: `<p>Thank you for registering!</p>\n\n<p>You have to confirm your email address. Please click on the link below.</p>\n\n<p>${escapeHtml(link)}</p>\n\n<p>Thanks.</p>`,
  };
}

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function check(issues: Issue[]): void {
  if (issues.length > 0) fail(issues);
}

export function createAccountFlows(options: AccountFlowsOptions): AccountFlows {
  const { users, jwt, email } = options;

  async function sendConfirmation(user: Entry): Promise<void> {
    const { code, stored } = issueCode(options.emailConfirmationLifetime);
    await users.update(String(user.documentId), { confirmationToken: stored });
    const template = options.templates?.()?.email_confirmation;
    const message = template ? renderTemplate(template, { URL: options.confirmationUrl, CODE: code, USER: user }) : confirmationMessage(`${options.confirmationUrl}?confirmation=${code}`);
    try {
      await email.send({ to: String(user.email), ...message });
    } catch (error) {
      options.log.warn(`could not send the confirmation email to user ${user.id}: ${error instanceof Error ? error.message : String(error)}`);
      throw error;
    }
  }

  /** the new password of a reset or change, checked as register checks it, plus the confirmation */
  function newPassword(input: Record<string, unknown>, issues: Issue[]): string {
    const password = requiredString(input, 'password', issues);
    const confirmation = requiredString(input, 'passwordConfirmation', issues);
    checkPassword('password', password, options.passwordMinLength, issues);
    if (password !== '' && confirmation !== '' && password !== confirmation) issues.push(issue('passwordConfirmation', 'Passwords do not match'));
    return password;
  }

  return {
    sendConfirmation,

    async forgotPassword(body) {
      const issues: Issue[] = [];
      const address = requiredEmail(record(body), 'email', issues);
      check(issues);
      const user = await users.findBy('email', address.toLowerCase());
      if (!user || user.blocked === true) return { ok: true };
      const { code, stored } = issueCode(options.resetPasswordLifetime);
      // Stored before sending, as Strapi does: a failed send leaves a code nobody knows, no harm.
      await users.update(String(user.documentId), { resetPasswordToken: stored });
      const template = options.templates?.()?.reset_password;
      const url = options.advanced().email_reset_password;
      await email.send({ to: String(user.email), ...(template ? renderTemplate(template, { URL: url, TOKEN: code, CODE: code, USER: user }) : resetMessage(`${url}?code=${code}`)) });
      return { ok: true };
    },

    async resetPassword(body) {
      const input = record(body);
      const issues: Issue[] = [];
      const password = newPassword(input, issues);
      const code = requiredString(input, 'code', issues);
      check(issues);
      const hash = readCode(code);
      const user = hash === null ? null : await users.findBy('resetPasswordToken', hash);
      if (!user) throw new ValidationError('Incorrect code provided');
      const updated = await users.update(String(user.documentId), { password, resetPasswordToken: null });
      if (!updated) throw new ValidationError('Incorrect code provided');
      return { jwt: await jwt.issue(updated.id), user: updated };
    },

    async changePassword(user, body) {
      if (!user) throw new ApplicationError('You must be authenticated to reset your password');
      const input = record(body);
      const issues: Issue[] = [];
      const currentPassword = requiredString(input, 'currentPassword', issues);
      const password = newPassword(input, issues);
      check(issues);
      const hash = await users.passwordHash(user.id);
      if (hash === null || !(await verifyPassword(currentPassword, hash))) throw new ValidationError('The provided current password is invalid');
      if (currentPassword === password) throw new ValidationError('Your new password must be different than your current password');
      const updated = await users.update(String(user.documentId), { password });
      if (!updated) throw new ApplicationError('You must be authenticated to reset your password');
      return { jwt: await jwt.issue(updated.id), user: updated };
    },

    async emailConfirmation(query) {
      const issues: Issue[] = [];
      const token = requiredString(record(query), 'confirmation', issues);
      check(issues);
      const hash = readCode(token);
      const user = hash === null ? null : await users.findBy('confirmationToken', hash);
      if (!user) throw new ValidationError('Invalid token');
      const updated = await users.update(String(user.documentId), { confirmed: true, confirmationToken: null });
      if (!updated) throw new ValidationError('Invalid token');
      return { redirect: options.advanced().email_confirmation_redirection || '/', jwt: await jwt.issue(updated.id), user: updated };
    },

    async sendEmailConfirmation(body) {
      const issues: Issue[] = [];
      const address = requiredEmail(record(body), 'email', issues);
      check(issues);
      const user = await users.findBy('email', address.toLowerCase());
      if (!user) return { email: address, sent: true };
      if (user.confirmed === true) throw new ApplicationError('Already confirmed');
      if (user.blocked === true) throw new ApplicationError('User blocked');
      await sendConfirmation(user);
      return { email: String(user.email), sent: true };
    },
  };
}
