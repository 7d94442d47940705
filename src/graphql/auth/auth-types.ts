/**
 * The users-permissions GraphQL types, as Strapi's plugin defines them (v4): the `me` user and
 * role, the login payload, and the register and login inputs. `id` is the user's documentId,
 * as every `id` in this schema; `documentId` is there too (Strapi 5 adds it).
 */
import {
  GraphQLBoolean,
  GraphQLID,
  GraphQLInputObjectType,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLString,
} from 'graphql';

type Row = Record<string, unknown>;
const str = (key: string) => (row: Row): unknown => row[key] ?? null;
const documentId = (row: Row): string => String(row.documentId ?? row.id);

export const UsersPermissionsMeRole = new GraphQLObjectType<Row>({
  name: 'UsersPermissionsMeRole',
  fields: {
    id: { type: new GraphQLNonNull(GraphQLID), resolve: documentId },
    name: { type: new GraphQLNonNull(GraphQLString), resolve: str('name') },
    description: { type: GraphQLString, resolve: str('description') },
    type: { type: GraphQLString, resolve: str('type') },
  },
});

export const UsersPermissionsMe = new GraphQLObjectType<Row>({
  name: 'UsersPermissionsMe',
  fields: {
    id: { type: new GraphQLNonNull(GraphQLID), resolve: documentId },
    documentId: { type: new GraphQLNonNull(GraphQLID), resolve: documentId },
    username: { type: new GraphQLNonNull(GraphQLString), resolve: str('username') },
    email: { type: GraphQLString, resolve: str('email') },
    confirmed: { type: GraphQLBoolean, resolve: str('confirmed') },
    blocked: { type: GraphQLBoolean, resolve: str('blocked') },
    role: { type: UsersPermissionsMeRole, resolve: str('role') },
  },
});

export const UsersPermissionsLoginPayload = new GraphQLObjectType<{ jwt: string; user: Row }>({
  name: 'UsersPermissionsLoginPayload',
  fields: {
    jwt: { type: GraphQLString },
    user: { type: new GraphQLNonNull(UsersPermissionsMe) },
  },
});

/** `forgotPassword`'s answer */
export const UsersPermissionsPasswordPayload = new GraphQLObjectType<{ ok: boolean }>({
  name: 'UsersPermissionsPasswordPayload',
  fields: {
    ok: { type: new GraphQLNonNull(GraphQLBoolean) },
  },
});

export const UsersPermissionsLoginInput = new GraphQLInputObjectType({
  name: 'UsersPermissionsLoginInput',
  fields: {
    identifier: { type: new GraphQLNonNull(GraphQLString) },
    password: { type: new GraphQLNonNull(GraphQLString) },
    provider: { type: new GraphQLNonNull(GraphQLString), defaultValue: 'local' },
  },
});

export const UsersPermissionsRegisterInput = new GraphQLInputObjectType({
  name: 'UsersPermissionsRegisterInput',
  fields: {
    username: { type: new GraphQLNonNull(GraphQLString) },
    email: { type: new GraphQLNonNull(GraphQLString) },
    password: { type: new GraphQLNonNull(GraphQLString) },
  },
});
