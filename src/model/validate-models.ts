import { attributeI18nFlag, isLocalizedType } from './i18n.js';
import type { SchemaProblems } from './schema-problems.js';
import { assertNever } from './types.js';
import type { ComponentSchema, ContentType, RelationAttribute, RelationKind, Schema } from './types.js';

/** The kind the other side of a bidirectional relation must declare. */
const INVERSE_KIND: Readonly<Record<RelationKind, RelationKind>> = {
  oneToOne: 'oneToOne',
  oneToMany: 'manyToOne',
  manyToOne: 'oneToMany',
  manyToMany: 'manyToMany',
};

/**
 * Checks that need the whole model: relation targets and their inverse sides, component
 * references, component cycles, and names that must be unique across content types.
 * Problems inside one attribute were reported when it was built; broken attributes are skipped.
 */
export function validateModels(
  contentTypes: ReadonlyMap<string, ContentType>,
  components: ReadonlyMap<string, ComponentSchema>,
  problems: SchemaProblems,
): void {
  checkNames(contentTypes, problems);
  checkTables([...contentTypes.values(), ...components.values()], problems);
  for (const schema of [...contentTypes.values(), ...components.values()]) {
    for (const attribute of Object.values(schema.attributes)) {
      switch (attribute.kind) {
        case 'relation':
          checkRelation(schema, attribute, contentTypes, problems);
          break;
        case 'component':
          if (!components.has(attribute.component)) {
            problems.add(schema.file, attribute.name, `component "${attribute.component}" does not exist`);
          }
          break;
        case 'dynamiczone':
          for (const uid of attribute.components) {
            if (!components.has(uid)) problems.add(schema.file, attribute.name, `component "${uid}" does not exist`);
          }
          break;
        case 'scalar':
        case 'media':
          break;
        default:
          assertNever(attribute);
      }
    }
  }
  checkComponentCycles(components, problems);
  for (const type of contentTypes.values()) checkLocalizedAttributes(type, problems);
}

/** `localized: true` on an attribute of a type that is not localized is a mistake, not a no-op. */
function checkLocalizedAttributes(type: ContentType, problems: SchemaProblems): void {
  if (isLocalizedType(type)) return;
  for (const attribute of Object.values(type.attributes)) {
    if (attributeI18nFlag(attribute) === true) {
      problems.add(type.file, attribute.name, 'pluginOptions.i18n.localized is true but the content type is not localized (set pluginOptions.i18n.localized: true on the content type, or remove the flag)');
    }
  }
}

function checkNames(contentTypes: ReadonlyMap<string, ContentType>, problems: SchemaProblems): void {
  // Singular and plural names share one namespace: both become REST segments and GraphQL fields.
  // The admin realm's types (`admin::user`, …) are neither, so they share names with
  // users-permissions' as in Strapi.
  const seen = new Map<string, { owner: string; key: string }>();
  for (const type of contentTypes.values()) {
    if (type.namespace === 'admin') continue;
    const names = [
      { key: 'info.singularName', name: type.singularName },
      ...(type.pluralName === type.singularName ? [] : [{ key: 'info.pluralName', name: type.pluralName }]),
    ];
    for (const { key, name } of names) {
      if (name === '') continue;
      const owner = seen.get(name);
      if (owner !== undefined) {
        problems.add(type.file, undefined, `${key} "${name}" is already the ${owner.key} of ${owner.owner}`);
      } else {
        seen.set(name, { owner: describeSchema(type), key });
      }
    }
  }
}

function checkTables(schemas: readonly Schema[], problems: SchemaProblems): void {
  const seen = new Map<string, string>();
  for (const schema of schemas) {
    const owner = seen.get(schema.collectionName);
    if (owner !== undefined) {
      problems.add(schema.file, undefined, `collectionName "${schema.collectionName}" is already the table of ${owner}`);
    } else {
      seen.set(schema.collectionName, describeSchema(schema));
    }
  }
}

function checkRelation(
  schema: Schema,
  attribute: RelationAttribute,
  contentTypes: ReadonlyMap<string, ContentType>,
  problems: SchemaProblems,
): void {
  const report = (message: string): void => problems.add(schema.file, attribute.name, message);
  const target = contentTypes.get(attribute.target);
  if (target === undefined) {
    report(`relation target "${attribute.target}" is not a known content type`);
    return;
  }
  const otherName = attribute.inversedBy ?? attribute.mappedBy;
  if (otherName === undefined) return;
  const ownKey = attribute.inversedBy === undefined ? 'mappedBy' : 'inversedBy';
  const backKey = ownKey === 'inversedBy' ? 'mappedBy' : 'inversedBy';
  const other = target.attributes[otherName];
  if (other === undefined) {
    if (!problems.isBroken(target.uid, otherName)) {
      report(`${ownKey} "${otherName}" is not an attribute of ${target.uid}`);
    }
    return;
  }
  const otherLabel = `${target.uid}.${otherName}`;
  if (other.kind !== 'relation' || other.target !== schema.uid) {
    report(`${ownKey} "${otherName}" must be a relation back to ${schema.uid}, but ${otherLabel} is ${describe(other)}`);
    return;
  }
  if (other[backKey] !== attribute.name) {
    const actual = other[backKey] === undefined ? `has no ${backKey}` : `has ${backKey} "${other[backKey]}"`;
    report(`${ownKey} "${otherName}" requires ${otherLabel} to have ${backKey} "${attribute.name}", but it ${actual}`);
    return;
  }
  // Reported from the owning side only, so one mismatch gives one line.
  if (ownKey === 'inversedBy' && other.relation !== INVERSE_KIND[attribute.relation]) {
    report(
      `a ${attribute.relation} relation must be paired with a ${INVERSE_KIND[attribute.relation]} ` +
        `on the other side, but ${otherLabel} is ${other.relation}`,
    );
  }
}

/** `api::post.post (src/api/post/…/schema.json)`, so a clash names both files */
function describeSchema(schema: Schema): string {
  return schema.file === '<internal>' ? `the built-in ${schema.uid}` : `${schema.uid} (${schema.file})`;
}

function describe(attribute: Schema['attributes'][string]): string {
  if (attribute.kind === 'relation') return `a relation to ${attribute.target}`;
  if (attribute.kind === 'scalar') return `a ${attribute.type} attribute`;
  return `a ${attribute.kind} attribute`;
}

/** A component may not contain itself, directly or through other components. */
function checkComponentCycles(components: ReadonlyMap<string, ComponentSchema>, problems: SchemaProblems): void {
  const done = new Set<string>();
  const stack: string[] = [];
  const visit = (uid: string): void => {
    const component = components.get(uid);
    if (component === undefined || done.has(uid)) return;
    stack.push(uid);
    for (const attribute of Object.values(component.attributes)) {
      const children =
        attribute.kind === 'component' ? [attribute.component] : attribute.kind === 'dynamiczone' ? attribute.components : [];
      for (const child of children) {
        const at = stack.indexOf(child);
        if (at >= 0) {
          const path = [...stack.slice(at), child].join(' → ');
          problems.add(component.file, attribute.name, `component "${child}" contains itself (${path})`);
        } else {
          visit(child);
        }
      }
    }
    stack.pop();
    done.add(uid);
  };
  for (const uid of components.keys()) visit(uid);
}
