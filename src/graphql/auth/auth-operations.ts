/**
 * `register`, `login`, `forgotPassword`, `resetPassword`, `changePassword`,
 * `emailConfirmation` (mutations) and `me` (query) of Strapi's users-permissions plugin (v4),
 * added to the generated schema. They call the same service as the REST routes, so payloads,
 * messages and the rate limit are the same; they need no permission (Strapi's `auth: false`),
 * `me` and `changePassword` need a user JWT. Each is one action of the operation layer
 * (`operations.action`), built once with the schema.
 */
import {
  GraphQLNonNull,
  GraphQLString,
  GraphQLObjectType,
  GraphQLSchema,
  type GraphQLFieldConfigMap,
  type GraphQLNamedType,
} from 'graphql';
import type { TransportAuth } from '../../transport/transport-context.js';
import { ValidationError } from '../../errors/index.js';
import { USER_UID, usersPermissionsAction } from '../../operations/access.js';
import type { Operations } from '../../operations/operations.js';
import type { AuthRequest, Caller } from '../../operations/types.js';
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

/** Strapi's auth routes need no permission (their `auth.*` names are accepted, not required) */
const PUBLIC = { auth: false } as const;
const ROLE_OF_ME = { fields: null, populate: [{ attribute: 'role', fields: ['name', 'description', 'type'], sort: [], filters: null, populate: [], on: null }], status: 'published' } as const;

function authFields(auth: TransportAuth, operations: Operations): { queries: FieldMap; mutations: FieldMap } {
  const authAction = (name: string) => usersPermissionsAction('auth', name);
  // the user `me` reads: the role populated, no permission of its own (the caller is the user)
  const usersOfMe = operations.forType(USER_UID, { findOne: { auth: false } });
  const me = operations.action(usersPermissionsAction('user', 'me'), async ({ caller }) => {
    const user = await auth.me(caller.request);
    return (await usersOfMe.findOne(caller, { documentId: String(user.documentId), selection: ROLE_OF_ME })) ?? user;
  }, PUBLIC);
  const register = operations.action(authAction('register'), ({ input }: { input: Input }) => auth.register(input), PUBLIC);
  const login = operations.action(authAction('callback'), ({ input }: { input: Input }) => auth.login(input), PUBLIC);
  const forgot = operations.action(authAction('forgotPassword'), ({ input }: { input: Input }) => auth.account.forgotPassword(input), PUBLIC);
  const reset = operations.action(authAction('resetPassword'), ({ input }: { input: Input }) => auth.account.resetPassword(input), PUBLIC);
  const change = operations.action(authAction('changePassword'), ({ caller, input }: { caller: Caller; input: Input }) => auth.account.changePassword(caller.request, input), PUBLIC);
  const confirm = operations.action(authAction('emailConfirmation'), ({ input }: { input: Input }) => auth.account.emailConfirmation(input), PUBLIC);
  const callerOf = (ctx: GraphqlContext): Caller => ({ request: requestOf(ctx) });
  return {
    queries: {
      me: {
        type: UsersPermissionsMe,
        resolve: (_source, _args, ctx) => me(callerOf(ctx), undefined),
      },
    },
    mutations: {
      register: {
        type: new GraphQLNonNull(UsersPermissionsLoginPayload),
        args: { input: { type: new GraphQLNonNull(UsersPermissionsRegisterInput) } },
        async resolve(_source, args: { input: Input }, ctx) {
          await auth.rateLimit(requestOf(ctx), 'graphql:register');
          return register(callerOf(ctx), { ...args.input });
        },
      },
      login: {
        type: new GraphQLNonNull(UsersPermissionsLoginPayload),
        args: { input: { type: new GraphQLNonNull(UsersPermissionsLoginInput) } },
        async resolve(_source, args: { input: Input }, ctx) {
          await auth.rateLimit(requestOf(ctx), 'graphql:login');
          const { provider, ...credentials } = args.input;
          if (provider !== 'local') throw new ValidationError(`The provider ${String(provider)} is not enabled`);
          return login(callerOf(ctx), credentials);
        },
      },
      forgotPassword: {
        type: UsersPermissionsPasswordPayload,
        args: { email: requiredString },
        async resolve(_source, args: Input, ctx) {
          await auth.rateLimit(requestOf(ctx), 'graphql:forgotPassword');
          return forgot(callerOf(ctx), { ...args });
        },
      },
      resetPassword: {
        type: UsersPermissionsLoginPayload,
        args: { password: requiredString, passwordConfirmation: requiredString, code: requiredString },
        async resolve(_source, args: Input, ctx) {
          await auth.rateLimit(requestOf(ctx), 'graphql:resetPassword');
          return reset(callerOf(ctx), { ...args });
        },
      },
      changePassword: {
        type: UsersPermissionsLoginPayload,
        args: { currentPassword: requiredString, password: requiredString, passwordConfirmation: requiredString },
        async resolve(_source, args: Input, ctx) {
          await auth.rateLimit(requestOf(ctx), 'graphql:changePassword');
          return change(callerOf(ctx), { ...args });
        },
      },
      emailConfirmation: {
        type: UsersPermissionsLoginPayload,
        args: { confirmation: requiredString },
        async resolve(_source, args: Input, ctx) {
          const { jwt, user } = await confirm(callerOf(ctx), { ...args });
          return { jwt, user };
        },
      },
    },
  };
}

/** The schema with `me`, `register` and `login` (and their types) added. */
export function withAuthOperations(schema: GraphQLSchema, auth: TransportAuth, operations: Operations): GraphQLSchema {
  const config = schema.toConfig();
  const { queries, mutations } = authFields(auth, operations);
  const extend = (type: GraphQLObjectType | null | undefined, name: string, fields: FieldMap): GraphQLObjectType => {
    const base = type?.toConfig();
    return new GraphQLObjectType<unknown, GraphqlContext>({ ...(base ?? {}), name, fields: { ...(base?.fields as FieldMap | undefined), ...fields } });
  };
  const rootNames = new Set([config.query?.name, config.mutation?.name]);
  const types: GraphQLNamedType[] = config.types.filter((type) => !rootNames.has(type.name) && !type.name.startsWith('__'));
  return new GraphQLSchema({
    ...config,
    query: extend(config.query, 'Query', queries),
    mutation: extend(config.mutation, 'Mutation', { ...mutations, ...usersPermissionsMutations(schema, auth, operations) }),
    types,
  });
}
