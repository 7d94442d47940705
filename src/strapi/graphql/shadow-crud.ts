/**
 * The shadow-CRUD settings of the extension service (spec 4.8): per content type or component
 * uid, whether it is generated at all, its queries, its mutations and single actions, and per
 * field its output, input and filters. Handles are cheap views over one settings map, so
 * `shadowCRUD(uid)` may be called any number of times during `register()`.
 */
// the view the schema builders read lives with them (graphql/schema/), so the schema needs no adapter
import { SHADOW_CRUD_ACTIONS, type ShadowCrudView } from '../../graphql/schema/shadow-crud-view.js';

const ALL_ACTIONS = '*';
const QUERY_ACTIONS: ReadonlySet<string> = new Set(['find', 'findOne']);

interface FieldSettings {
  enabled: boolean;
  output: boolean;
  input: boolean;
  filters: boolean;
}

interface TypeSettings {
  enabled: boolean;
  queries: boolean;
  mutations: boolean;
  readonly disabledActions: Set<string>;
  readonly fields: Map<string, FieldSettings>;
}

export interface FieldHandle {
  disable(): FieldHandle;
  disableOutput(): FieldHandle;
  disableInput(): FieldHandle;
  disableFilters(): FieldHandle;
  isEnabled(): boolean;
  isDisabled(): boolean;
  hasOutputEnabled(): boolean;
  hasInputEnabled(): boolean;
  hasFiltersEnabled(): boolean;
}

export interface ShadowCrudHandle {
  disable(): ShadowCrudHandle;
  disableQueries(): ShadowCrudHandle;
  disableMutations(): ShadowCrudHandle;
  disableAction(action: string): ShadowCrudHandle;
  disableActions(actions?: readonly string[]): ShadowCrudHandle;
  isEnabled(): boolean;
  isDisabled(): boolean;
  areQueriesEnabled(): boolean;
  areQueriesDisabled(): boolean;
  areMutationsEnabled(): boolean;
  areMutationsDisabled(): boolean;
  isActionEnabled(action: string): boolean;
  isActionDisabled(action: string): boolean;
  field(name: string): FieldHandle;
}

export interface ShadowCrudSettings extends ShadowCrudView {
  handle(uid: string): ShadowCrudHandle;
  /** names given to `disableAction` that are no action (a typo would silently disable nothing) */
  unknownActions(): string[];
}

export function createShadowCrudSettings(): ShadowCrudSettings {
  const types = new Map<string, TypeSettings>();
  const typeOf = (uid: string): TypeSettings => {
    let settings = types.get(uid);
    if (!settings) {
      settings = { enabled: true, queries: true, mutations: true, disabledActions: new Set(), fields: new Map() };
      types.set(uid, settings);
    }
    return settings;
  };
  const fieldOf = (uid: string, name: string): FieldSettings => {
    const { fields } = typeOf(uid);
    let settings = fields.get(name);
    if (!settings) {
      settings = { enabled: true, output: true, input: true, filters: true };
      fields.set(name, settings);
    }
    return settings;
  };
  const actionEnabled = (uid: string, action: string): boolean => {
    const { disabledActions } = typeOf(uid);
    return !disabledActions.has(action) && !disabledActions.has(ALL_ACTIONS);
  };

  const fieldHandle = (uid: string, name: string): FieldHandle => {
    const handle: FieldHandle = {
      disable() {
        Object.assign(fieldOf(uid, name), { enabled: false, output: false, input: false, filters: false });
        return handle;
      },
      disableOutput() {
        fieldOf(uid, name).output = false;
        return handle;
      },
      disableInput() {
        fieldOf(uid, name).input = false;
        return handle;
      },
      disableFilters() {
        fieldOf(uid, name).filters = false;
        return handle;
      },
      isEnabled: () => fieldOf(uid, name).enabled,
      isDisabled: () => !fieldOf(uid, name).enabled,
      hasOutputEnabled: () => fieldOf(uid, name).output,
      hasInputEnabled: () => fieldOf(uid, name).input,
      hasFiltersEnabled: () => fieldOf(uid, name).filters,
    };
    return handle;
  };

  const handle = (uid: string): ShadowCrudHandle => {
    const self: ShadowCrudHandle = {
      disable() {
        typeOf(uid).enabled = false;
        return self;
      },
      disableQueries() {
        typeOf(uid).queries = false;
        return self;
      },
      disableMutations() {
        typeOf(uid).mutations = false;
        return self;
      },
      disableAction(action) {
        typeOf(uid).disabledActions.add(action);
        return self;
      },
      disableActions(actions = []) {
        for (const action of actions) self.disableAction(action);
        return self;
      },
      isEnabled: () => typeOf(uid).enabled,
      isDisabled: () => !typeOf(uid).enabled,
      areQueriesEnabled: () => typeOf(uid).queries,
      areQueriesDisabled: () => !typeOf(uid).queries,
      areMutationsEnabled: () => typeOf(uid).mutations,
      areMutationsDisabled: () => !typeOf(uid).mutations,
      isActionEnabled: (action) => actionEnabled(uid, action),
      isActionDisabled: (action) => !actionEnabled(uid, action),
      field: (name) => fieldHandle(uid, name),
    };
    return self;
  };

  const known: ReadonlySet<string> = new Set([...SHADOW_CRUD_ACTIONS, ALL_ACTIONS]);
  return {
    handle,
    unknownActions: () => [...new Set([...types.values()].flatMap((t) => [...t.disabledActions].filter((a) => !known.has(a))))],
    isTypeEnabled: (uid) => types.get(uid)?.enabled ?? true,
    isOperationEnabled(uid, action) {
      const settings = types.get(uid);
      if (!settings) return true;
      const group = QUERY_ACTIONS.has(action) ? settings.queries : settings.mutations;
      return settings.enabled && group && actionEnabled(uid, action);
    },
    isFieldEnabled(uid, field, part) {
      const settings = types.get(uid)?.fields.get(field);
      return settings ? settings[part] : true;
    },
  };
}
