/**
 * `register`, `login`, `forgotPassword`, `resetPassword`, `changePassword`,
 * `emailConfirmation` (mutations) and `me` (query) of Strapi's users-permissions plugin (v4),
 * added to the generated schema. They call the same service as the REST routes, so payloads,
 * messages and the rate limit are the same; they need no permission (Strapi's `auth: false`),
 * `me` and `changePassword` need a user JWT.
 */
import {
  GraphQLNonNull,
  GraphQLString,
  GraphQLObjectType,
  GraphQLSchema,
  type GraphQLFieldConfigMap,
  type GraphQLNamedType,
} from 'graphql';
import type { AuthRequest, TransportAuth } from '../../auth/auth-service.js';
import { USER_UID } from '../../auth/content-types.js';
import { ValidationError } from '../../errors/index.js';
import type { GraphqlContext } from '../context.js';
import {
  UsersPermissionsLoginInput,
  UsersPermissionsLoginPayload,
  UsersPermissionsMe,
  UsersPermissionsPasswordPayload,
  UsersPermissionsRegisterInput,
} from './auth-types.js';
import { usersPermissionsMutations } from './users-permissions-mutations.js';

type FieldMap = GraphQLFieldConfigMap<unknown, GraphqlContext>;
type Input = Record<string, unknown>;
const requiredString = { type: new GraphQLNonNull(GraphQLString) };

const requestOf = (ctx: GraphqlContext): AuthRequest => ctx.request as AuthRequest;

function authFields(auth: TransportAuth): { queries: FieldMap; mutations: FieldMap } {
  return {
    queries: {
      me: {
        type: UsersPermissionsMe,
        async resolve(_source, _args, ctx) {
          const me = await auth.me(requestOf(ctx));
          const withRole = await ctx.repository(USER_UID).findOne(String(me.documentId), {
            fields: null,
            populate: [{ attribute: 'role', fields: ['name', 'description', 'type'], sort: [], filters: null, populate: [], on: null }],
            status: 'published',
          });
          return withRole ?? me;
        },
      },
    },
    mutations: {
      register: {
        type: new GraphQLNonNull(UsersPermissionsLoginPayload),
        args: { input: { type: new GraphQLNonNull(UsersPermissionsRegisterInput) } },
        async resolve(_source, args: { input: Input }, ctx) {
          await auth.rateLimit(requestOf(ctx), 'graphql:register');
          return auth.register({ ...args.input });
        },
      },
      login: {
        type: new GraphQLNonNull(UsersPermissionsLoginPayload),
        args: { input: { type: new GraphQLNonNull(UsersPermissionsLoginInput) } },
        async resolve(_source, args: { input: Input }, ctx) {
          await auth.rateLimit(requestOf(ctx), 'graphql:login');
          const { provider, ...credentials } = args.input;
          if (provider !== 'local') throw new ValidationError(`The provider ${String(provider)} is not enabled`);
          return auth.login(credentials);
        },
      },
      forgotPassword: {
        type: UsersPermissionsPasswordPayload,
        args: { email: requiredString },
        async resolve(_source, args: Input, ctx) {
          await auth.rateLimit(requestOf(ctx), 'graphql:forgotPassword');
          return auth.account.forgotPassword({ ...args });
        },
      },
      resetPassword: {
        type: UsersPermissionsLoginPayload,
        args: { password: requiredString, passwordConfirmation: requiredString, code: requiredString },
        async resolve(_source, args: Input, ctx) {
          await auth.rateLimit(requestOf(ctx), 'graphql:resetPassword');
          return auth.account.resetPassword({ ...args });
        },
      },
      changePassword: {
        type: UsersPermissionsLoginPayload,
        args: { currentPassword: requiredString, password: requiredString, passwordConfirmation: requiredString },
        async resolve(_source, args: Input, ctx) {
          await auth.rateLimit(requestOf(ctx), 'graphql:changePassword');
          return auth.account.changePassword(requestOf(ctx), { ...args });
        },
      },
      emailConfirmation: {
        type: UsersPermissionsLoginPayload,
        args: { confirmation: requiredString },
        async resolve(_source, args: Input) {
          const { jwt, user } = await auth.account.emailConfirmation({ ...args });
          return { jwt, user };
        },
      },
    },
  };
}

/** The schema with `me`, `register` and `login` (and their types) added. */
export function withAuthOperations(schema: GraphQLSchema, auth: TransportAuth): GraphQLSchema {
  const config = schema.toConfig();
  const { queries, mutations } = authFields(auth);
  const extend = (type: GraphQLObjectType | null | undefined, name: string, fields: FieldMap): GraphQLObjectType => {
    const base = type?.toConfig();
    return new GraphQLObjectType<unknown, GraphqlContext>({ ...(base ?? {}), name, fields: { ...(base?.fields as FieldMap | undefined), ...fields } });
  };
  const rootNames = new Set([config.query?.name, config.mutation?.name]);
  const types: GraphQLNamedType[] = config.types.filter((type) => !rootNames.has(type.name) && !type.name.startsWith('__'));
  return new GraphQLSchema({
    ...config,
    query: extend(config.query, 'Query', queries),
    mutation: extend(config.mutation, 'Mutation', { ...mutations, ...usersPermissionsMutations(schema, auth) }),
    types,
  });
}
