/**
 * The extension service's state and the named policies and middlewares, as the GraphQL transport
 * takes them (graphql/plugin.ts `GraphqlCustomization`): the transport builds the schema with the
 * shadow-CRUD settings and hands it here for the project's extensions, without importing this folder.
 */
import type { GraphqlCustomization } from '../../graphql/plugin.js';
import { applyExtensions } from './apply-extensions.js';
import type { GraphqlExtensions } from './extension-service.js';
import type { NamedHandlers } from './named-handlers.js';

export function graphqlCustomization(extensions: GraphqlExtensions, handlers: NamedHandlers): GraphqlCustomization {
  return {
    shadowCrud: extensions.settings,
    warnings: () => extensions.settings.unknownActions()
      .map((action) => `GraphQL extension service: disableAction("${action}") names no action (known: find, findOne, create, update, delete, "*")`),
    extend: async (schema, ctx) => applyExtensions(schema, await extensions.resolve(ctx.app), {
      app: ctx.app,
      handlers,
      actor: (request) => ctx.operations.actor({ request }),
    }),
  };
}
