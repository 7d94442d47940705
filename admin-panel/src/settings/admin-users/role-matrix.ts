/**
 * The role editor's state and its translation to and from Strapi's permission rows. Per content
 * type: each content-manager action either off or on with the fields it covers (create, read and
 * update take fields; all of them checked is saved without `properties.fields`, which means every
 * attribute, new ones included), and "Only the creator" (`admin::is-creator` on each of the
 * type's actions). Plugin and settings actions are kept with their conditions (the Author's media
 * library actions are limited to their own files), so saving a role keeps what the page does not show.
 */
import type { PermissionLayout, RolePermission } from './role-types.js';

export const IS_CREATOR = 'admin::is-creator';

export interface TypeGrants {
  /** actionId → the fields it covers ([] for an action without fields); absent: not granted */
  readonly actions: Readonly<Record<string, readonly string[]>>;
  readonly creatorOnly: boolean;
}

export interface MatrixState {
  readonly types: Readonly<Record<string, TypeGrants>>;
  /** granted plugin and settings actions → their conditions */
  readonly others: ReadonlyMap<string, readonly string[]>;
}

export interface MatrixModel {
  readonly subjects: readonly { uid: string; label: string; fields: readonly string[]; actions: readonly { id: string; label: string; withFields: boolean }[] }[];
  readonly others: readonly { group: string; action: string; label: string }[];
}

export function modelOf(layout: PermissionLayout): MatrixModel {
  const { collectionTypes, singleTypes, plugins, settings } = layout.sections;
  const subjects = [collectionTypes, singleTypes].flatMap((section) =>
    section.subjects.map((subject) => ({
      uid: subject.uid,
      label: subject.label,
      fields: subject.properties.find((property) => property.value === 'fields')?.children.map((child) => child.value) ?? [],
      actions: section.actions
        .filter((action) => action.subjects.includes(subject.uid))
        .map((action) => ({ id: action.actionId, label: action.label, withFields: action.applyToProperties.includes('fields') })),
    })),
  );
  const title = (text: string) => text.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^api /, 'API ').replace(/^./, (c) => c.toUpperCase());
  const others = [...plugins, ...settings].map((entry) => ({
    group: `${title((entry.plugin ?? entry.category ?? '').replace(/^plugin::/, ''))}: ${title(entry.subCategory)}`,
    action: entry.action,
    label: entry.displayName,
  }));
  return { subjects, others };
}

export function stateOf(model: MatrixModel, permissions: readonly RolePermission[]): MatrixState {
  const types: Record<string, TypeGrants> = {};
  for (const subject of model.subjects) {
    const actions: Record<string, readonly string[]> = {};
    let creatorOnly = false;
    for (const action of subject.actions) {
      const found = permissions.find((permission) => permission.action === action.id && permission.subject === subject.uid);
      if (!found) continue;
      actions[action.id] = action.withFields ? (found.properties.fields ?? subject.fields) : [];
      if (found.conditions.includes(IS_CREATOR)) creatorOnly = true;
    }
    types[subject.uid] = { actions, creatorOnly };
  }
  const others = new Map(permissions.filter((permission) => permission.subject === null).map((permission) => [permission.action, permission.conditions] as const));
  return { types, others };
}

export function permissionsOf(model: MatrixModel, state: MatrixState): RolePermission[] {
  const rows: RolePermission[] = [];
  for (const subject of model.subjects) {
    const grants = state.types[subject.uid];
    if (!grants) continue;
    for (const action of subject.actions) {
      const fields = grants.actions[action.id];
      if (fields === undefined) continue;
      const all = subject.fields.every((field) => fields.includes(field));
      rows.push({
        action: action.id,
        subject: subject.uid,
        properties: action.withFields && !all ? { fields } : {},
        conditions: grants.creatorOnly ? [IS_CREATOR] : [],
      });
    }
  }
  for (const [action, conditions] of state.others) rows.push({ action, subject: null, properties: {}, conditions });
  return rows;
}

/** the action switched on (every field) or off */
export function toggleAction(state: MatrixState, uid: string, actionId: string, fields: readonly string[], on: boolean): MatrixState {
  const grants = state.types[uid] ?? { actions: {}, creatorOnly: false };
  const actions = { ...grants.actions };
  if (on) actions[actionId] = fields;
  else delete actions[actionId];
  return { ...state, types: { ...state.types, [uid]: { ...grants, actions } } };
}

/** one field of an action switched; the action goes off with its last field, on with its first */
export function toggleField(state: MatrixState, uid: string, actionId: string, field: string, on: boolean): MatrixState {
  const grants = state.types[uid] ?? { actions: {}, creatorOnly: false };
  const current = grants.actions[actionId] ?? [];
  const next = on ? [...new Set([...current, field])] : current.filter((name) => name !== field);
  const actions = { ...grants.actions };
  if (next.length === 0) delete actions[actionId];
  else actions[actionId] = next;
  return { ...state, types: { ...state.types, [uid]: { ...grants, actions } } };
}

export function setCreatorOnly(state: MatrixState, uid: string, on: boolean): MatrixState {
  const grants = state.types[uid] ?? { actions: {}, creatorOnly: false };
  return { ...state, types: { ...state.types, [uid]: { ...grants, creatorOnly: on } } };
}

export function toggleOther(state: MatrixState, action: string, on: boolean): MatrixState {
  const others = new Map(state.others);
  if (on) others.set(action, others.get(action) ?? []);
  else others.delete(action);
  return { ...state, others };
}
