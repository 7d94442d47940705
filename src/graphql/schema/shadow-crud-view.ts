/**
 * What the schema builders ask of the shadow-CRUD settings (the extension service's, kept by the
 * Strapi adapter in src/strapi/graphql/shadow-crud.ts): the view is here so the schema is built
 * without importing the adapter.
 */

/**
 * The action names `disableAction` understands, those of the v4 plugin: collection types have
 * `find` (`<plural>`), `findOne` (`<singular>(id)`), `create`, `update`, `delete`; single types
 * `find` (`<singular>`), `update`, `delete`. There are no publish actions: publishing goes
 * through `update` with `data.publishedAt`. `'*'` names every action.
 */
export const SHADOW_CRUD_ACTIONS = ['find', 'findOne', 'create', 'update', 'delete'] as const;
export type ShadowCrudAction = (typeof SHADOW_CRUD_ACTIONS)[number];

/** What the schema builders ask: the settings as they stand when the schema is built. */
export interface ShadowCrudView {
  isTypeEnabled(uid: string): boolean;
  /** the action is generated: type enabled, its queries or mutations on, the action not disabled */
  isOperationEnabled(uid: string, action: ShadowCrudAction): boolean;
  isFieldEnabled(uid: string, field: string, part: 'output' | 'input' | 'filters'): boolean;
}

/** Every type and field on: a schema built without the extension service. */
export const ALL_ENABLED: ShadowCrudView = {
  isTypeEnabled: () => true,
  isOperationEnabled: () => true,
  isFieldEnabled: () => true,
};
