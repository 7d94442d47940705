import { Type } from '@sinclair/typebox';
import { boolean, byteSize, integer, nonEmptyString, object, oneOf } from './fields.js';

const positive = (description: string, value: number) => integer({ description, min: 1, default: value });
const trueOrFalse = (description: string, value?: boolean) =>
  boolean({ description, errorMessage: 'must be true or false', ...(value === undefined ? {} : { default: value }) });

/** Apollo's `engineServer` (alias `apolloServer`): the keys Vellum's own GraphQL server honours */
const engineServer = (description: string) =>
  object(
    {
      tracing: Type.Optional(trueOrFalse('Apollo tracing in `extensions.tracing`.')),
      introspection: Type.Optional(trueOrFalse('Introspection, when `introspection` itself is not set.')),
      cache: Type.Optional(
        oneOf(
          [Type.Literal('bounded'), Type.Literal('none'), Type.Boolean(), Type.Object({ max: Type.Integer({ minimum: 0 }) })],
          {
            description: 'Parsed documents kept: "bounded" (1000), false/"none", or { max }.',
            errorMessage: 'must be "bounded", false or { max: <number> }',
            docType: '"bounded", false or { max }',
          },
        ),
      ),
    },
    { description, absentByDefault: true },
  );

const GraphqlSchema = object(
  {
    enabled: trueOrFalse('Serve the GraphQL endpoint.', true),
    config: object({
      endpoint: nonEmptyString({
        description: 'Path of the endpoint (a trailing "/" is dropped).',
        default: '/graphql',
        pattern: '^/[^\\s?#]*$',
        errorMessage: 'must be a path starting with "/"',
      }),
      shadowCRUD: trueOrFalse('Generate types, queries and mutations for every content type.', true),
      depthLimit: positive('Deepest accepted operation.', 10),
      amountLimit: positive('Largest page size (every list, nested ones included, is clamped to it).', 100),
      defaultLimit: positive('Page size when a query gives none (at most amountLimit).', 10),
      landingPage: Type.Optional(
        oneOf(
          [
            Type.Boolean(),
            Type.Function([], Type.Unknown()),
            Type.Object({ renderLandingPage: Type.Function([], Type.Unknown()) }),
            Type.Object({ serverWillStart: Type.Function([], Type.Unknown()) }),
          ],
          {
            description: 'The sandbox page on GET: a boolean, `(app) => boolean`, or an Apollo landing-page plugin. Default: on outside production.',
            errorMessage: 'must be a boolean, a function (app) => boolean, or a plugin with renderLandingPage()',
            docType: 'boolean, function or plugin',
          },
        ),
      ),
      playgroundAlways: Type.Optional(trueOrFalse('Deprecated (a warning names its replacement): use landingPage. Default: false.')),
      introspection: Type.Optional(trueOrFalse('Answer introspection queries. Default: on outside production.')),
      engineServer: Type.Optional(engineServer('Apollo server options: `tracing`, `introspection` and `cache` are read, others ignored with a warning.')),
      apolloServer: Type.Optional(engineServer('Alias of `engineServer` (engineServer wins).')),
    }),
  },
  { errorMessage: 'must be an object such as { enabled: true, config: {} }' },
);

const UsersPermissionsSchema = object(
  {
    config: object({
      jwtSecret: Type.Optional(
        Type.String({
          description: 'Signs user JWTs, used when the `JWT_SECRET` environment variable is not set.',
          errorMessage: 'must be a string',
          secret: true,
        }),
      ),
      jwt: object({
        expiresIn: oneOf([Type.String(), Type.Number({ exclusiveMinimum: 0 })], {
          description: 'Lifetime of a user JWT: a span such as "30d" or "12h", or seconds.',
          default: '30d',
          errorMessage: 'must be a time span such as "30d" or a number of seconds',
          docType: 'string or number',
        }),
      }),
      ratelimit: object(
        {
          enabled: boolean({ description: 'Rate-limit the users-permissions auth routes.', default: true }),
          interval: oneOf([Type.Integer({ minimum: 1 }), Type.Object({ min: Type.Number({ exclusiveMinimum: 0 }) })], {
            description: 'Window in milliseconds, or `{ min: <minutes> }` as koa2-ratelimit takes it.',
            default: 60_000,
            coerce: 'integer',
            errorMessage: 'must be a positive integer',
            docType: 'integer or { min }',
          }),
          max: positive('Requests allowed per window and client.', 10),
        },
        { errorMessage: 'must be an object { interval, max }' },
      ),
      password: object({
        minLength: positive('Shortest accepted password (Vellum’s own setting).', 6),
      }),
      advanced: object(
        {
          unique_email: trueOrFalse('One account per email address.', true),
          allow_register: trueOrFalse('Accept `POST /api/auth/local/register`.', true),
          email_confirmation: trueOrFalse('New accounts must confirm their email before they can log in.', false),
          email_confirmation_redirection: Type.String({
            description: 'Where `GET /api/auth/email-confirmation` redirects after confirming ("/" when empty).',
            default: '',
            errorMessage: 'must be a URL (a string)',
          }),
          email_reset_password: Type.String({
            description: 'Page of the front end that takes the reset code: the reset email links to `<this>?code=<code>`.',
            default: '',
            errorMessage: 'must be a URL (a string)',
          }),
          default_role: nonEmptyString({ description: 'Type of the role new accounts get.', default: 'authenticated' }),
        },
        { description: 'Strapi’s advanced settings of users-permissions (also settable from bootstrap: `app.usersPermissions.setAdvanced`).' },
      ),
      resetPasswordLifetime: positive('Seconds a password reset code stays valid (Vellum’s own setting; single use).', 3600),
      emailConfirmationLifetime: positive('Seconds an email confirmation link stays valid (Vellum’s own setting; single use).', 86_400),
    }),
  },
  { errorMessage: 'must be an object such as { enabled: true, config: {} }' },
);

const EmailSchema = object(
  {
    config: object({
      provider: Type.Optional(
        // Strapi takes a provider's short name or its package's: both name the one Vellum ships.
        oneOf([Type.Literal('nodemailer'), Type.Literal('@strapi/provider-email-nodemailer')], {
          description: 'The email provider: "nodemailer" (SMTP; Strapi\'s package name "@strapi/provider-email-nodemailer" too). Unset: sending mail fails with a clear error.',
          errorMessage: 'must be "nodemailer" or "@strapi/provider-email-nodemailer" (the provider Vellum ships)',
          docType: '"nodemailer"',
        }),
      ),
      providerOptions: object({}, { description: 'nodemailer transport options: `host`, `port`, `secure`, `auth: { user, pass }`, …' }),
      settings: object({
        defaultFrom: Type.Optional(Type.String({ description: 'Sender of mail that names none.', errorMessage: 'must be a string' })),
        defaultReplyTo: Type.Optional(Type.String({ description: 'Reply-To of mail that names none.', errorMessage: 'must be a string' })),
      }),
    }),
  },
  { errorMessage: 'must be an object such as { config: { provider: "nodemailer", providerOptions: {} } }' },
);

/** Canned ACLs S3 accepts (`params.ACL`); null or absent-with-`ACL: undefined` sends none. */
const CANNED_ACLS = ['private', 'public-read', 'public-read-write', 'authenticated-read', 'aws-exec-read', 'bucket-owner-read', 'bucket-owner-full-control'] as const;

const optionalString = (description: string, secret = false) =>
  Type.Optional(Type.String({ description, errorMessage: 'must be a string', ...(secret ? { secret: true } : {}) }));

/** `providerOptions` of `@strapi/provider-upload-aws-s3`, as Strapi 5 documents them; other S3 client options pass through. */
const S3ProviderOptionsSchema = object(
  {
    baseUrl: optionalString('aws-s3: public URL the file URLs start with (a CDN or custom domain) instead of the bucket’s; the object key follows it.'),
    rootPath: optionalString('aws-s3: folder (key prefix) inside the bucket for every object.'),
    s3Options: Type.Optional(object(
      {
        credentials: Type.Optional(object(
          {
            accessKeyId: optionalString('aws-s3: access key id. Unset: the AWS SDK’s default chain (AWS_ACCESS_KEY_ID, profiles, instance roles).'),
            secretAccessKey: optionalString('aws-s3: secret access key.', true),
            sessionToken: optionalString('aws-s3: session token of temporary credentials.', true),
          },
          { absentByDefault: true, description: 'aws-s3: `{ accessKeyId, secretAccessKey }`.' },
        )),
        accessKeyId: optionalString('aws-s3: deprecated place of `credentials.accessKeyId` (a warning names it).'),
        secretAccessKey: optionalString('aws-s3: deprecated place of `credentials.secretAccessKey`.', true),
        region: optionalString('aws-s3: region of the bucket ("us-east-1" for most S3-compatible stores). Unset: AWS_REGION.'),
        endpoint: Type.Optional(
          Type.String({
            description: 'aws-s3: URL of an S3-compatible store (MinIO, R2, Spaces, …); unset for AWS.',
            pattern: '^https?://',
            errorMessage: 'must be a URL starting with http:// or https://',
          }),
        ),
        forcePathStyle: Type.Optional(trueOrFalse('aws-s3: address objects as `<endpoint>/<bucket>/<key>` (most S3-compatible stores need it).')),
        params: Type.Optional(object(
          {
            Bucket: Type.Optional(nonEmptyString({ description: 'aws-s3: the bucket (required with the aws-s3 provider).' })),
            ACL: Type.Optional(
              oneOf([...CANNED_ACLS.map((acl) => Type.Literal(acl)), Type.Null()], {
                description: 'aws-s3: canned ACL of each object; null sends none (buckets with ACLs disabled). Default "public-read", as Strapi.',
                errorMessage: `must be one of ${CANNED_ACLS.join(', ')}, or null`,
                docType: 'canned ACL or null',
              }),
            ),
            signedUrlExpires: Type.Optional(integer({ description: 'aws-s3: seconds a signed URL lasts, with `ACL: "private"` (default 900, as Strapi).', min: 1 })),
          },
          { absentByDefault: true },
        )),
      },
      { absentByDefault: true, description: 'aws-s3: options of the S3 client (`new S3Client(s3Options)`); keys not listed here pass through.' },
    )),
    providerConfig: Type.Optional(object(
      {
        multipart: Type.Optional(object(
          {
            partSize: Type.Optional(integer({ description: 'aws-s3: bytes per part of a multipart upload (at least 5 MiB); one part per upload is held in memory at a time per queue slot.', min: 5 * 1024 * 1024 })),
            queueSize: Type.Optional(integer({ description: 'aws-s3: parts of one upload sent at once (default 4).', min: 1, max: 16 })),
          },
          { absentByDefault: true },
        )),
      },
      { absentByDefault: true },
    )),
  },
  { description: 'Options of the upload provider (`aws-s3`: Strapi’s `@strapi/provider-upload-aws-s3` keys).' },
);

/** Strapi's `actionOptions`: extra S3 command parameters per action (Bucket, Key and Body cannot be overridden). */
const ActionOptionsSchema = object(
  {
    upload: Type.Optional(object({}, { absentByDefault: true, description: 'aws-s3: PutObject parameters, used when `uploadStream` is not set.' })),
    uploadStream: Type.Optional(object({}, { absentByDefault: true, description: 'aws-s3: PutObject parameters of every upload (Vellum always streams).' })),
    delete: Type.Optional(object({}, { absentByDefault: true, description: 'aws-s3: DeleteObject parameters.' })),
  },
  { description: 'Extra parameters of the provider’s actions, as Strapi’s.' },
);

/** the provider names Vellum resolves to its built-in providers */
export const UPLOAD_PROVIDERS = ['local', '@strapi/provider-upload-local', 'aws-s3', '@strapi/provider-upload-aws-s3'] as const;

const UploadSchema = object(
  {
    config: object({
      provider: oneOf(UPLOAD_PROVIDERS.map((name) => Type.Literal(name)), {
        description: 'Where file bytes go: "local" (public/uploads, served at /uploads) or "aws-s3" (an S3 bucket or S3-compatible store; `@strapi/provider-upload-aws-s3` is the same).',
        default: 'local',
        errorMessage: `must be one of ${UPLOAD_PROVIDERS.map((name) => `"${name}"`).join(', ')} (the providers Vellum ships)`,
        docType: '"local" or "aws-s3"',
      }),
      providerOptions: S3ProviderOptionsSchema,
      actionOptions: ActionOptionsSchema,
      sizeLimit: byteSize({ description: 'Largest accepted upload.', default: 200 * 1024 * 1024 }),
      breakpoints: Type.Record(Type.String({ pattern: '^[A-Za-z][\\w-]*$' }), Type.Integer({ minimum: 1, maximum: 10_000, errorMessage: 'must be a size in pixels from 1 to 10000' }), {
        description: 'Responsive image formats: name → largest side in pixels (a format is made when the image is larger).',
        default: { large: 1000, medium: 750, small: 500 },
        // a name goes into stored file names (`<name>_<hash>.png`): only these characters
        additionalProperties: false,
        errorMessage: 'must be an object such as { large: 1000, medium: 750, small: 500 } (names of letters, digits, "_" or "-"; sizes from 1 to 10000)',
        docType: 'object: name → pixels',
      }),
      responsiveDimensions: trueOrFalse('Make the responsive formats of `breakpoints` for uploaded images (Strapi’s media library setting).', true),
      sizeOptimization: trueOrFalse('Re-encode uploaded JPEG, PNG, WebP, TIFF and AVIF images at quality 80, kept when smaller (Strapi’s media library setting).', true),
      autoOrientation: trueOrFalse('Rotate uploaded images as their EXIF orientation says (Strapi’s media library setting).', false),
    }),
  },
  { errorMessage: 'must be an object such as { enabled: true, config: {} }' },
);

const LOCALE_PATTERN = '^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$';

const I18nSchema = object(
  {
    config: object({
      defaultLocale: nonEmptyString({
        description: 'Default locale of a new project (created when the database has no locale yet; later changes go through the CLI or bootstrap).',
        default: 'en',
        envVar: 'STRAPI_PLUGIN_I18N_INIT_LOCALE_CODE',
        pattern: LOCALE_PATTERN,
        errorMessage: 'must be a locale code such as "en" or "pt-BR"',
      }),
      locales: Type.Array(
        Type.String({ pattern: LOCALE_PATTERN }),
        {
          description: 'Further locales the project has (Vellum’s own setting): each code missing from the database is added at start; none is ever removed.',
          default: [],
          errorMessage: 'must be a list of locale codes such as ["fr", "pt-BR"]',
          docType: 'string[]',
        },
      ),
    }),
  },
  { errorMessage: 'must be an object such as { config: { defaultLocale: "en" } }' },
);

/** `config/plugins`: one `{ enabled, config }` entry per plugin; other plugins' entries are accepted as they are. */
export const PluginsSchema = object(
  {
    graphql: GraphqlSchema,
    'users-permissions': UsersPermissionsSchema,
    upload: UploadSchema,
    email: EmailSchema,
    i18n: I18nSchema,
  },
  { additionalProperties: object({}, { errorMessage: 'must be an object such as { enabled: true, config: {} }' }) },
);
