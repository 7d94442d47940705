/**
 * `register`, `login` (mutations) and `me` (query) of Strapi's users-permissions plugin, added
 * to the generated schema. They call the same service as the REST routes, so payloads, messages
 * and the rate limit are the same; register and login need no permission (Strapi's
 * `auth: false`), `me` needs a user JWT.
 */
import {
  GraphQLNonNull,
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
  UsersPermissionsRegisterInput,
} from './auth-types.js';

type FieldMap = GraphQLFieldConfigMap<unknown, GraphqlContext>;
type Input = Record<string, unknown>;

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
        resolve(_source, args: { input: Input }, ctx) {
          auth.rateLimit(requestOf(ctx), 'graphql:register');
          return auth.register({ ...args.input });
        },
      },
      login: {
        type: new GraphQLNonNull(UsersPermissionsLoginPayload),
        args: { input: { type: new GraphQLNonNull(UsersPermissionsLoginInput) } },
        resolve(_source, args: { input: Input }, ctx) {
          auth.rateLimit(requestOf(ctx), 'graphql:login');
          const { provider, ...credentials } = args.input;
          if (provider !== 'local') throw new ValidationError(`The provider ${String(provider)} is not enabled`);
          return auth.login(credentials);
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
    mutation: extend(config.mutation, 'Mutation', mutations),
    types,
  });
}
