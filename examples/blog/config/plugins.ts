type Env = ((key: string, fallback?: string) => string) & { int(key: string, fallback?: number): number };

export default ({ env }: { env: Env }) => ({
  graphql: {
    config: {
      endpoint: '/graphql',
      shadowCRUD: true,
      depthLimit: 10,
      amountLimit: 100,
    },
  },
  // `en` is the default locale; the localized `page` type also has French versions
  i18n: {
    config: {
      locales: ['fr'],
    },
  },
  // With SMTP_HOST set, the demo sends its mails (password reset, email confirmation) there, as
  // docs/auth.md "Email" configures it; without it the flows that mail answer 400.
  ...(env('SMTP_HOST', '') === ''
    ? {}
    : {
        email: {
          config: {
            provider: 'nodemailer',
            providerOptions: { host: env('SMTP_HOST'), port: env.int('SMTP_PORT', 587) },
            settings: { defaultFrom: 'no-reply@example.com', defaultReplyTo: 'help@example.com' },
          },
        },
      }),
});
