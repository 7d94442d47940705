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
import { usersPermissionsAction } from '../../auth/actions.js';
import type { AuthRequest, TransportAuth } from '../../auth/auth-service.js';
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

export function usersPermissionsMutations(schema: GraphQLSchema, auth: TransportAuth): FieldMap {
  const userResponse = schema.getType('UsersPermissionsUserEntityResponse');
  const userInput = schema.getType('UsersPermissionsUserInput');
  const roleInput = schema.getType('UsersPermissionsRoleInput');
  // shadowCRUD off: the generated types these answer with are absent
  if (!(userResponse instanceof GraphQLObjectType) || !(userInput instanceof GraphQLInputObjectType) || !(roleInput instanceof GraphQLInputObjectType)) return {};
  const may = (ctx: GraphqlContext, controller: string, action: string) => auth.authorizeAction(requestOf(ctx), usersPermissionsAction(controller, action));
  return {
    createUsersPermissionsUser: {
      type: new GraphQLNonNull(userResponse),
      args: { data: { type: new GraphQLNonNull(userInput) } },
      async resolve(_source, args: Args, ctx) {
        await may(ctx, 'user', 'create');
        return { data: await auth.users.create({ ...args.data }) };
      },
    },
    updateUsersPermissionsUser: {
      type: new GraphQLNonNull(userResponse),
      args: { id, data: { type: new GraphQLNonNull(userInput) } },
      async resolve(_source, args: Args, ctx) {
        await may(ctx, 'user', 'update');
        return { data: await auth.users.update(String(args.id), { ...args.data }) };
      },
    },
    deleteUsersPermissionsUser: {
      type: new GraphQLNonNull(userResponse),
      args: { id },
      async resolve(_source, args: Args, ctx) {
        await may(ctx, 'user', 'destroy');
        return { data: await auth.users.destroy(String(args.id)) };
      },
    },
    createUsersPermissionsRole: {
      type: okPayload('UsersPermissionsCreateRolePayload'),
      args: { data: { type: new GraphQLNonNull(roleInput) } },
      async resolve(_source, args: Args, ctx) {
        await may(ctx, 'role', 'createRole');
        return auth.roles.create(roleData(args.data));
      },
    },
    updateUsersPermissionsRole: {
      type: okPayload('UsersPermissionsUpdateRolePayload'),
      args: { id, data: { type: new GraphQLNonNull(roleInput) } },
      async resolve(_source, args: Args, ctx) {
        await may(ctx, 'role', 'updateRole');
        return auth.roles.update(String(args.id), roleData(args.data));
      },
    },
    deleteUsersPermissionsRole: {
      type: okPayload('UsersPermissionsDeleteRolePayload'),
      args: { id },
      async resolve(_source, args: Args, ctx) {
        await may(ctx, 'role', 'deleteRole');
        return auth.roles.delete(String(args.id));
      },
    },
  };
}
