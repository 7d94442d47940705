/**
 * The users-permissions email templates, as Strapi's admin edits them
 * (`GET/PUT /users-permissions/email-templates`, stored under `plugin_users-permissions_email`):
 * per template a sender, a reply-to address, a subject (`object`) and an HTML `message` whose
 * only placeholders are `<%= URL %>`, `<%= CODE %>`, `<%= TOKEN %>`, `<%= USER.email %>` … — the
 * keys Strapi's validation allows. They are filled by substitution (never evaluated), values
 * HTML-escaped.
 */
import { ValidationError } from '../errors/index.js';
import { isRecord } from '../util/is-record.js';

export interface EmailTemplate {
  readonly display: string;
  readonly icon: string;
  readonly options: {
    readonly from: { readonly name: string; readonly email: string };
    readonly response_email: string;
    readonly object: string;
    readonly message: string;
  };
}

export type TemplateName = 'reset_password' | 'email_confirmation';
export type EmailTemplates = Readonly<Record<TemplateName, EmailTemplate>>;

export const TEMPLATE_NAMES: readonly TemplateName[] = ['reset_password', 'email_confirmation'];

/** Strapi's defaults; an empty sender means the email plugin's `defaultFrom` / `defaultReplyTo` */
export const DEFAULT_EMAIL_TEMPLATES: EmailTemplates = {
  reset_password: {
    display: 'Email.template.reset_password',
    icon: 'sync',
    options: {
      from: { name: '', email: '' },
      response_email: '',
      object: 'Reset password',
      message: '<p>We heard that you lost your password. Sorry about that!</p>\n\n<p>But don’t worry! You can use the following link to reset your password:</p>\n<p><%= URL %>?code=<%= TOKEN %></p>\n\n<p>Thanks.</p>',
    },
  },
  email_confirmation: {
    display: 'Email.template.email_confirmation',
    icon: 'check-square',
    options: {
      from: { name: '', email: '' },
      response_email: '',
      object: 'Account confirmation',
      message: '<p>Thank you for registering!</p>\n\n<p>You have to confirm your email address. Please click on the link below.</p>\n\n<p><%= URL %>?confirmation=<%= CODE %></p>\n\n<p>Thanks.</p>',
    },
  },
};

/** Strapi's placeholders (controllers/validation/email-template.js) */
const KEYS = ['URL', 'ADMIN_URL', 'SERVER_URL', 'CODE', 'USER', 'USER.email', 'USER.username', 'TOKEN'];
const PLACEHOLDER = /<%=([^<>%=]*)%>/g;
/** code blocks (`<% … %>`, `<%- … %>`) and `${…}`: refused, as Strapi refuses them */
const REFUSED = [/<%[^=]([^<>%]*)%>/m, /\$\{([^{}]*)\}/m];

const MAX_TEXT = 10_000;

function invalid(path: string[], message: string): ValidationError {
  return new ValidationError(message, { errors: [{ path, message, name: 'ValidationError' }] });
}

function text(value: unknown, path: string[], max = 255): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw invalid(path, `${path.join('.')} must be a string`);
  if (value.length > max) throw invalid(path, `${path.join('.')} must be at most ${max} characters`);
  return value;
}

function checkMessage(message: string, path: string[]): void {
  if (REFUSED.some((pattern) => pattern.test(message))) throw invalid(path, 'Invalid template');
  for (const match of message.matchAll(PLACEHOLDER)) {
    if (!KEYS.includes((match[1] ?? '').trim())) throw invalid(path, `Invalid template: unknown placeholder ${(match[1] ?? '').trim()} (allowed: ${KEYS.join(', ')})`);
  }
}

/** The `email-templates` of a PUT body, merged over `current`; 400 naming the field for anything else */
export function checkEmailTemplates(body: unknown, current: EmailTemplates): EmailTemplates {
  const given = isRecord(body) ? body['email-templates'] : undefined;
  if (!isRecord(given)) throw invalid(['email-templates'], 'email-templates must be an object of templates (reset_password, email_confirmation)');
  const next: Record<TemplateName, EmailTemplate> = { ...current };
  for (const [name, template] of Object.entries(given)) {
    if (!TEMPLATE_NAMES.includes(name as TemplateName)) throw invalid(['email-templates', name], `Unknown email template ${name} (templates: ${TEMPLATE_NAMES.join(', ')})`);
    const base = current[name as TemplateName];
    const options = isRecord(template) ? template.options : undefined;
    if (!isRecord(options)) throw invalid(['email-templates', name, 'options'], `email-templates.${name}.options must be an object`);
    const at = (...keys: string[]): string[] => ['email-templates', name, 'options', ...keys];
    const from = isRecord(options.from) ? options.from : {};
    const message = options.message === undefined ? base.options.message : text(options.message, at('message'), MAX_TEXT);
    checkMessage(message, at('message'));
    const object = options.object === undefined ? base.options.object : text(options.object, at('object'));
    checkMessage(object, at('object'));
    next[name as TemplateName] = {
      display: base.display,
      icon: base.icon,
      options: {
        from: { name: text(from.name, at('from', 'name')), email: text(from.email, at('from', 'email')) },
        response_email: text(options.response_email, at('response_email')),
        object,
        message,
      },
    };
  }
  return next;
}

/** stored templates as far as they are valid; defaults for the rest */
export function storedTemplates(value: unknown): EmailTemplates {
  if (!isRecord(value)) return DEFAULT_EMAIL_TEMPLATES;
  try {
    return checkEmailTemplates({ 'email-templates': Object.fromEntries(Object.entries(value).filter(([name]) => TEMPLATE_NAMES.includes(name as TemplateName))) }, DEFAULT_EMAIL_TEMPLATES);
  } catch {
    return DEFAULT_EMAIL_TEMPLATES;
  }
}

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export interface TemplateValues {
  readonly URL?: string;
  readonly SERVER_URL?: string;
  readonly ADMIN_URL?: string;
  readonly CODE?: string;
  readonly TOKEN?: string;
  readonly USER?: Readonly<Record<string, unknown>>;
}

function valueOf(key: string, values: TemplateValues): string {
  if (key === 'USER.email') return String(values.USER?.email ?? '');
  if (key === 'USER.username') return String(values.USER?.username ?? '');
  if (key === 'USER') return String(values.USER?.username ?? values.USER?.email ?? '');
  const value = values[key as Exclude<keyof TemplateValues, 'USER'>];
  return value ?? '';
}

/** a message: `{ subject, html, text, from?, replyTo? }` with the placeholders filled */
export function renderTemplate(template: EmailTemplate, values: TemplateValues): { subject: string; html: string; text: string; from?: string; replyTo?: string } {
  const fill = (source: string, escape: boolean): string => source.replace(PLACEHOLDER, (_, key: string) => {
    const value = valueOf(key.trim(), values);
    return escape ? escapeHtml(value) : value;
  });
  const html = fill(template.options.message, true);
  const { from, response_email: replyTo } = template.options;
  return {
    subject: fill(template.options.object, false),
    html,
    // the text part: the message without its tags
    text: html.replace(/<[^>]*>/g, '').replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'),
    ...(from.email === '' ? {} : { from: from.name === '' ? from.email : `"${from.name.replace(/"/g, '')}" <${from.email}>` }),
    ...(replyTo === '' ? {} : { replyTo }),
  };
}
