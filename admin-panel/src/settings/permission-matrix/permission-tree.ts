/**
 * The content API's permission tree as Strapi's users-permissions plugin shapes it, the one model
 * of the permission matrix (PermissionMatrix.tsx) for a users-permissions role and for a Custom
 * API token: `{ "<type>": { controllers: { "<controller>": { "<action>": { enabled, policy } } } } }`,
 * an action named `<type>.<controller>.<action>` (`api::article.article.find`).
 */
export interface ActionState {
  readonly enabled: boolean;
  readonly policy?: string;
}
export type ControllerActions = Readonly<Record<string, ActionState>>;
export type PermissionTree = Readonly<Record<string, { readonly controllers: Readonly<Record<string, ControllerActions>> }>>;
/** Strapi's `GET /admin/content-api/permissions`: the actions of each controller, nothing enabled */
export type ActionsMap = Readonly<Record<string, { readonly controllers: Readonly<Record<string, readonly string[]>> }>>;

/**
 * `api::blog-post` → "Blog Post" (a content type's display name, its API name being its singular
 * name); a plugin as Strapi labels it: `plugin::users-permissions` → "Users-permissions"
 */
export function groupLabel(type: string): string {
  const name = type.slice(type.indexOf('::') + 2);
  const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
  return type.startsWith('api::') ? name.split('-').map(capital).join(' ') : capital(name);
}

/** the content types first (by label), then the plugins, as Strapi lists them */
export function sortedGroups(tree: PermissionTree): string[] {
  const rank = (type: string) => (type.startsWith('api::') ? 0 : 1);
  return Object.keys(tree).sort((a, b) => rank(a) - rank(b) || groupLabel(a).localeCompare(groupLabel(b)));
}

/** the tree with one controller's actions set (`actions` named) to `enabled`; the rest shared */
export function withActions(tree: PermissionTree, type: string, controller: string, actions: readonly string[], enabled: boolean): PermissionTree {
  const group = tree[type];
  const current = group?.controllers[controller];
  if (!group || !current) return tree;
  const next: Record<string, ActionState> = { ...current };
  for (const action of actions) if (next[action]) next[action] = { ...next[action], enabled };
  return { ...tree, [type]: { controllers: { ...group.controllers, [controller]: next } } };
}

/** every enabled action's full name, sorted (a Custom token's `permissions`) */
export function enabledActions(tree: PermissionTree): string[] {
  const names: string[] = [];
  for (const [type, { controllers }] of Object.entries(tree)) {
    for (const [controller, actions] of Object.entries(controllers)) {
      for (const [action, state] of Object.entries(actions)) if (state.enabled) names.push(`${type}.${controller}.${action}`);
    }
  }
  return names.sort();
}

/** the server stores the upload plugin's Strapi names as the media file type's (`plugin::upload.file.find`) */
const STORED_AS: Readonly<Record<string, string>> = {
  'plugin::upload.file.find': 'plugin::upload.content-api.find',
  'plugin::upload.file.findOne': 'plugin::upload.content-api.findOne',
  'plugin::upload.file.create': 'plugin::upload.content-api.upload',
  'plugin::upload.file.delete': 'plugin::upload.content-api.destroy',
};

/** the tree of an actions map with `enabled` (full action names, as given or as stored) ticked */
export function treeOf(actions: ActionsMap, enabled: readonly string[]): PermissionTree {
  const on = new Set(enabled.map((name) => STORED_AS[name] ?? name));
  const tree: Record<string, { controllers: Record<string, ControllerActions> }> = {};
  for (const [type, { controllers }] of Object.entries(actions)) {
    tree[type] = {
      controllers: Object.fromEntries(
        Object.entries(controllers).map(([controller, names]) => [controller, Object.fromEntries(names.map((name) => [name, { enabled: on.has(`${type}.${controller}.${name}`) }]))]),
      ),
    };
  }
  return tree;
}
