// The admin realm (docs/admin.md): in production ADMIN_JWT_SECRET must be set; in development
// Vellum generates it into .env on the first start, as JWT_SECRET and API_TOKEN_SALT.
export default ({ env }: { env: (name: string, fallback?: string) => string | undefined }) => ({
  url: '/admin',
  auth: {
    secret: env('ADMIN_JWT_SECRET'),
  },
  apiToken: {
    salt: env('API_TOKEN_SALT'),
  },
  // transfer tokens (strapi transfer --to <this>/admin); without a salt in production, transfer is off
  transfer: {
    token: {
      salt: env('TRANSFER_TOKEN_SALT'),
    },
  },
});
