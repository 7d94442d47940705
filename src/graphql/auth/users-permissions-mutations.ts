/**
 * The users and roles mutations of Strapi's v4 GraphQL plugin: `create/update/delete
 * UsersPermissionsUser` (answering `UsersPermissionsUserEntityResponse`) and `create/update/delete
 * UsersPermissionsRole` (answering `{ ok }`). They run the REST routes' service (same checks,
 * messages and permission names: `plugin::users-permissions.user.create`, `.update`, `.destroy`,
 * `role.createRole`, …); ids are documentIds, as every GraphQL id. The reads
 * (`usersPermissionsUser(s)`, `usersPermissionsRole(s)`) are generated (schema/build-schema.ts).
 */
import {
  GraphQLBoolean,
  GraphQLID,
  GraphQLInputObjectType,
  GraphQLNonNull,
  GraphQLObjectType,
  type GraphQLFieldConfigMap,
  type GraphQLSchema,
} from 'graphql';
import { usersPermissionsAction } from '../../operations/access.js';
import type { AuthRequest } from '../../operations/types.js';
import type { TransportAuth } from '../../transport/transport-context.js';
import type { Operations } from '../../operations/operations.js';
import type { GraphqlContext } from '../context.js';

type FieldMap = GraphQLFieldConfigMap<unknown, GraphqlContext>;
type Args = { id?: string; data?: Record<string, unknown> };

const okPayload = (name: string) => new GraphQLObjectType<{ ok: boolean }>({ name, fields: { ok: { type: new GraphQLNonNull(GraphQLBoolean) } } });
const requestOf = (ctx: GraphqlContext): AuthRequest => ctx.request as AuthRequest;
const id = { type: new GraphQLNonNull(GraphQLID) };

/** v4 passes the role input to the controller; Vellum's roles take their permissions as a tree over REST. */
function roleData(data: Record<string, unknown> | undefined): Record<string, unknown> {
  const { permissions: _permissions, users: _users, ...rest } = { ...data };
  return rest;
}

export function usersPermissionsMutations(schema: GraphQLSchema, auth: TransportAuth, operations: Operations): FieldMap {
  const userResponse = schema.getType('UsersPermissionsUserEntityResponse');
  const userInput = schema.getType('UsersPermissionsUserInput');
  const roleInput = schema.getType('UsersPermissionsRoleInput');
  // shadowCRUD off: the generated types these answer with are absent
  if (!(userResponse instanceof GraphQLObjectType) || !(userInput instanceof GraphQLInputObjectType) || !(roleInput instanceof GraphQLInputObjectType)) return {};
  // one action of the operation layer each, under the REST routes' permission names
  const action = <R>(controller: string, name: string, handler: (args: Args) => Promise<R>) => {
    const run = operations.action(usersPermissionsAction(controller, name), ({ input }: { input: Args }) => handler(input));
    // the REST routes' caller: their refusal reads `Forbidden`, as before, not the v4 resolvers' wording
    return (ctx: GraphqlContext, args: Args): Promise<R> => run({ request: requestOf(ctx) }, args);
  };
  const createUser = action('user', 'create', async (args) => ({ data: await auth.users.create({ ...args.data }) }));
  const updateUser = action('user', 'update', async (args) => ({ data: await auth.users.update(String(args.id), { ...args.data }) }));
  const deleteUser = action('user', 'destroy', async (args) => ({ data: await auth.users.destroy(String(args.id)) }));
  const createRole = action('role', 'createRole', (args) => auth.roles.create(roleData(args.data)));
  const updateRole = action('role', 'updateRole', (args) => auth.roles.update(String(args.id), roleData(args.data)));
  const deleteRole = action('role', 'deleteRole', (args) => auth.roles.delete(String(args.id)));
  return {
    createUsersPermissionsUser: {
      type: new GraphQLNonNull(userResponse),
      args: { data: { type: new GraphQLNonNull(userInput) } },
      resolve: (_source, args: Args, ctx) => createUser(ctx, args),
    },
    updateUsersPermissionsUser: {
      type: new GraphQLNonNull(userResponse),
      args: { id, data: { type: new GraphQLNonNull(userInput) } },
      resolve: (_source, args: Args, ctx) => updateUser(ctx, args),
    },
    deleteUsersPermissionsUser: {
      type: new GraphQLNonNull(userResponse),
      args: { id },
      resolve: (_source, args: Args, ctx) => deleteUser(ctx, args),
    },
    createUsersPermissionsRole: {
      type: okPayload('UsersPermissionsCreateRolePayload'),
      args: { data: { type: new GraphQLNonNull(roleInput) } },
      resolve: (_source, args: Args, ctx) => createRole(ctx, args),
    },
    updateUsersPermissionsRole: {
      type: okPayload('UsersPermissionsUpdateRolePayload'),
      args: { id, data: { type: new GraphQLNonNull(roleInput) } },
      resolve: (_source, args: Args, ctx) => updateRole(ctx, args),
    },
    deleteUsersPermissionsRole: {
      type: okPayload('UsersPermissionsDeleteRolePayload'),
      args: { id },
      resolve: (_source, args: Args, ctx) => deleteRole(ctx, args),
    },
  };
}
