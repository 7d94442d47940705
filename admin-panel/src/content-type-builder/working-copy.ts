/**
 * The page's working copy of the project's schemas: what the server listed, plus the edits not
 * saved yet. Save sends every new, changed and deleted model in one `update-schema` batch
 * (Strapi 5's shape, attributes as the whole set).
 */
import type { AttributeJson, ComponentItem, ContentTypeItem } from './api';

export type ModelStatus = 'unchanged' | 'new' | 'changed' | 'deleted';

export interface Model {
  /** the uid (new models: the uid they will get) */
  readonly uid: string;
  readonly modelType: 'contentType' | 'component';
  readonly status: ModelStatus;
  readonly displayName: string;
  readonly kind: 'collectionType' | 'singleType';
  readonly singularName: string;
  readonly pluralName: string;
  readonly draftAndPublish: boolean;
  readonly localized: boolean;
  readonly category: string;
  readonly icon: string;
  readonly attributes: Readonly<Record<string, AttributeJson>>;
}

const isLocalized = (options: Record<string, unknown> | undefined): boolean => {
  const i18n = options?.i18n;
  return typeof i18n === 'object' && i18n !== null && (i18n as { localized?: unknown }).localized === true;
};

/** A plugin's content type a relation may target (the users-permissions user), with the kinds it allows. */
export interface PluginTarget {
  readonly uid: string;
  readonly displayName: string;
  readonly plugin: string;
  readonly kinds: readonly string[] | null;
}

/** the plugins' types the server lists visible and open to relations (restrictRelationsTo not []) */
export function pluginTargetsOf(types: readonly ContentTypeItem[]): PluginTarget[] {
  return types
    .filter((type) => type.plugin !== undefined && type.schema.visible !== false && type.schema.restrictRelationsTo?.length !== 0)
    .map((type) => ({ uid: type.uid, displayName: type.schema.displayName, plugin: type.plugin ?? '', kinds: type.schema.restrictRelationsTo ?? null }));
}

/** the project's own types and components (a plugin's type is a relation target only) */
export function fromServer(types: readonly ContentTypeItem[], components: readonly ComponentItem[]): Model[] {
  return [
    ...types.filter((type) => type.plugin === undefined).map((type): Model => ({
      uid: type.uid, modelType: 'contentType', status: 'unchanged', displayName: type.schema.displayName, kind: type.schema.kind,
      singularName: type.schema.singularName, pluralName: type.schema.pluralName, draftAndPublish: type.schema.draftAndPublish,
      localized: isLocalized(type.schema.pluginOptions), category: '', icon: '', attributes: type.schema.attributes,
    })),
    ...components.map((component): Model => ({
      uid: component.uid, modelType: 'component', status: 'unchanged', displayName: component.schema.displayName, kind: 'collectionType',
      singularName: '', pluralName: '', draftAndPublish: false, localized: false, category: component.category, icon: component.schema.icon ?? '',
      attributes: component.schema.attributes,
    })),
  ];
}

/** `Blog post` → `blog-post` (the server names a new component's file the same way) */
export function slugOf(displayName: string): string {
  return displayName.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
}

/** a naive English plural for the suggested API ID (editable) */
export function pluralOf(singular: string): string {
  if (singular === '') return '';
  if (/[^aeiou]y$/.test(singular)) return `${singular.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/.test(singular)) return `${singular}es`;
  return `${singular}s`;
}

export const edited = (model: Model, change: Partial<Model>): Model => ({ ...model, ...change, status: model.status === 'new' ? 'new' : 'changed' });

/** The `update-schema` body of the unsaved edits (undefined: nothing to save). */
export function batchOf(models: readonly Model[]): { data: { contentTypes: unknown[]; components: unknown[] } } | undefined {
  const pending = models.filter((model) => model.status !== 'unchanged');
  if (pending.length === 0) return undefined;
  const item = (model: Model) => {
    const action = model.status === 'new' ? 'create' : model.status === 'deleted' ? 'delete' : 'update';
    if (action === 'delete') return { action, uid: model.uid };
    const common = { action, ...(action === 'update' ? { uid: model.uid } : {}), displayName: model.displayName, attributes: model.attributes };
    if (model.modelType === 'component') return { ...common, category: model.category, ...(model.icon ? { icon: model.icon } : {}) };
    return {
      ...common, kind: model.kind, singularName: model.singularName, pluralName: model.pluralName,
      draftAndPublish: model.draftAndPublish, localized: model.localized,
    };
  };
  return {
    data: {
      // components first: a new type may use a new component
      components: pending.filter((model) => model.modelType === 'component').map(item),
      contentTypes: pending.filter((model) => model.modelType === 'contentType').map(item),
    },
  };
}
