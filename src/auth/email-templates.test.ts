import { describe, expect, it } from 'vitest';
import { checkEmailTemplates, DEFAULT_EMAIL_TEMPLATES, renderTemplate, storedTemplates } from './email-templates.js';

describe('email templates', () => {
  it('fills Strapi\'s placeholders by substitution, values HTML-escaped in the message', () => {
    const templates = checkEmailTemplates({ 'email-templates': { reset_password: { options: { from: { name: 'Team', email: 'team@example.com' }, response_email: 'help@example.com', object: 'Hi <%= USER.username %>', message: '<p><%= URL %>?code=<%= TOKEN %> for <%= USER.email %></p>' } } } }, DEFAULT_EMAIL_TEMPLATES);
    const message = renderTemplate(templates.reset_password, { URL: 'https://x.test/reset', TOKEN: 'abc', USER: { username: 'ada', email: 'a<b>@example.com' } });
    expect(message).toEqual({
      subject: 'Hi ada',
      html: '<p>https://x.test/reset?code=abc for a&lt;b&gt;@example.com</p>',
      text: 'https://x.test/reset?code=abc for a<b>@example.com',
      from: '"Team" <team@example.com>',
      replyTo: 'help@example.com',
    });
    expect(templates.email_confirmation).toEqual(DEFAULT_EMAIL_TEMPLATES.email_confirmation);
  });

  it('refuses code blocks, ${…} and unknown placeholders, naming the field', () => {
    for (const message of ['<% process.exit() %>', '<%- URL %>', '${process.env.SECRET}', '<%= process.env %>']) {
      expect(() => checkEmailTemplates({ 'email-templates': { reset_password: { options: { message } } } }, DEFAULT_EMAIL_TEMPLATES)).toThrow(/Invalid template/);
    }
    expect(() => checkEmailTemplates({ 'email-templates': { welcome: { options: {} } } }, DEFAULT_EMAIL_TEMPLATES)).toThrow('Unknown email template welcome');
    expect(() => checkEmailTemplates({}, DEFAULT_EMAIL_TEMPLATES)).toThrow(/email-templates must be an object/);
  });

  it('a stored value that does not check is read as the defaults', () => {
    expect(storedTemplates('junk')).toBe(DEFAULT_EMAIL_TEMPLATES);
    expect(storedTemplates({ reset_password: { options: { message: '<% bad %>' } } })).toBe(DEFAULT_EMAIL_TEMPLATES);
  });
});
