import { RELATION_KINDS, RESERVED_ATTRIBUTE_NAMES, SCALAR_TYPES } from './types.js';
import type { Attribute, RelationKind, ScalarType } from './types.js';
import { isRecord } from '../util/is-record.js';

/** What a raw attribute definition became: the typed attribute, or the reasons it is refused. */
export type AttributeResult = { readonly attribute: Attribute } | { readonly errors: readonly string[] };

const IDENTIFIER = /^[A-Za-z][A-Za-z0-9_]*$/;
const RESERVED = new Set<string>(RESERVED_ATTRIBUTE_NAMES);

const COMMON_KEYS = ['type', 'required', 'private'];
const INTERPRETED: Readonly<Record<Attribute['kind'], readonly string[]>> = {
  scalar: [...COMMON_KEYS, 'unique', 'default', 'min', 'max', 'minLength', 'maxLength', 'regex', 'enum', 'targetField'],
  relation: [...COMMON_KEYS, 'relation', 'target', 'inversedBy', 'mappedBy'],
  media: [...COMMON_KEYS, 'multiple', 'allowedTypes'],
  component: [...COMMON_KEYS, 'component', 'repeatable', 'min', 'max'],
  dynamiczone: [...COMMON_KEYS, 'components', 'min', 'max'],
};

/** Why `name` cannot name an attribute, or undefined when it can. */
export function attributeNameError(name: string): string | undefined {
  if (name.startsWith('__')) return 'is a reserved name (names starting with "__" are reserved)';
  if (RESERVED.has(name)) return 'is a reserved name (Vellum adds this field to every entry)';
  if (!IDENTIFIER.test(name)) {
    return 'is not a valid attribute name (a letter, then letters, digits or "_")';
  }
  return undefined;
}

/**
 * One attribute of a schema file, typed, with Strapi's defaults: not required, not private
 * (`password` always is), not unique, not repeatable, not multiple.
 */
export function buildAttribute(name: string, definition: unknown): AttributeResult {
  const nameError = attributeNameError(name);
  if (nameError !== undefined) return { errors: [nameError] };
  if (!isRecord(definition)) return { errors: ['must be an object with a "type"'] };
  const reader = new FieldReader(definition);
  const type = definition.type;
  const attribute = buildTyped(name, type, reader);
  if (attribute === undefined || reader.errors.length > 0) {
    return { errors: reader.errors.length > 0 ? reader.errors : ['is invalid'] };
  }
  return { attribute };
}

function buildTyped(name: string, type: unknown, reader: FieldReader): Attribute | undefined {
  if (typeof type !== 'string') {
    reader.errors.push(`has no "type" (got ${show(type)})`);
    return undefined;
  }
  if ((SCALAR_TYPES as readonly string[]).includes(type)) return buildScalar(name, type as ScalarType, reader);
  switch (type) {
    case 'relation':
      return buildRelation(name, reader);
    case 'media':
      return {
        kind: 'media',
        ...reader.common(name, 'media'),
        multiple: reader.flag('multiple'),
        ...optional('allowedTypes', reader.stringList('allowedTypes')),
      };
    case 'component': {
      const component = reader.requiredString('component');
      return {
        kind: 'component',
        ...reader.common(name, 'component'),
        component: component ?? '',
        repeatable: reader.flag('repeatable'),
        ...optional('min', reader.number('min')),
        ...optional('max', reader.number('max')),
      };
    }
    case 'dynamiczone': {
      const components = reader.stringList('components');
      if (components === undefined || components.length === 0) {
        reader.errors.push('a dynamic zone needs a non-empty "components" list of component uids');
      }
      return {
        kind: 'dynamiczone',
        ...reader.common(name, 'dynamiczone'),
        components: components ?? [],
        ...optional('min', reader.number('min')),
        ...optional('max', reader.number('max')),
      };
    }
    default:
      reader.errors.push(
        `has an unknown type "${type}" (expected relation, media, component, dynamiczone or one of ${SCALAR_TYPES.join(', ')})`,
      );
      return undefined;
  }
}

function buildScalar(name: string, type: ScalarType, reader: FieldReader): Attribute {
  const values = reader.stringList('enum');
  if (type === 'enumeration' && (values === undefined || values.length === 0 || values.some((value) => value === ''))) {
    reader.errors.push('an enumeration needs an "enum" array of non-empty strings');
  }
  const regex = reader.string('regex');
  if (regex !== undefined) {
    try {
      new RegExp(regex);
    } catch (error) {
      reader.errors.push(`has an invalid "regex" (${error instanceof Error ? error.message : String(error)})`);
    }
  }
  const common = reader.common(name, 'scalar');
  return {
    kind: 'scalar',
    type,
    ...common,
    // A password hash never leaves the server, whatever the schema says.
    private: type === 'password' ? true : common.private,
    unique: reader.flag('unique'),
    ...(reader.has('default') ? { default: reader.value('default') } : {}),
    ...optional('min', reader.number('min')),
    ...optional('max', reader.number('max')),
    ...optional('minLength', reader.number('minLength')),
    ...optional('maxLength', reader.number('maxLength')),
    ...optional('regex', regex),
    ...optional('enum', type === 'enumeration' ? values : undefined),
    ...optional('targetField', type === 'uid' ? reader.string('targetField') : undefined),
  };
}

function buildRelation(name: string, reader: FieldReader): Attribute | undefined {
  const relation = reader.value('relation');
  if (typeof relation !== 'string' || !(RELATION_KINDS as readonly string[]).includes(relation)) {
    reader.errors.push(`has an unknown relation kind ${show(relation)} (expected ${RELATION_KINDS.join(', ')})`);
  }
  const target = reader.requiredString('target');
  const inversedBy = reader.string('inversedBy');
  const mappedBy = reader.string('mappedBy');
  if (inversedBy !== undefined && mappedBy !== undefined) {
    reader.errors.push('has both "inversedBy" and "mappedBy"; one side owns the relation, the other maps it');
  }
  return {
    kind: 'relation',
    ...reader.common(name, 'relation'),
    relation: relation as RelationKind,
    target: target ?? '',
    ...optional('inversedBy', inversedBy),
    ...optional('mappedBy', mappedBy),
  };
}

interface CommonFields {
  name: string;
  required: boolean;
  private: boolean;
  raw: Record<string, unknown>;
}

/** Typed access to one raw attribute object, collecting what is wrong with it. */
class FieldReader {
  readonly errors: string[] = [];

  constructor(private readonly definition: Readonly<Record<string, unknown>>) {}

  has(key: string): boolean {
    return Object.hasOwn(this.definition, key) && this.definition[key] !== undefined;
  }

  value(key: string): unknown {
    return this.definition[key];
  }

  common(name: string, kind: Attribute['kind']): CommonFields {
    const interpreted = new Set(INTERPRETED[kind]);
    const raw = Object.fromEntries(Object.entries(this.definition).filter(([key]) => !interpreted.has(key)));
    return { name, required: this.flag('required'), private: this.flag('private'), raw };
  }

  flag(key: string): boolean {
    const value = this.definition[key];
    if (value === undefined || value === null) return false;
    if (typeof value === 'boolean') return value;
    this.errors.push(`"${key}" must be true or false (got ${show(value)})`);
    return false;
  }

  string(key: string): string | undefined {
    const value = this.definition[key];
    if (value === undefined || value === null) return undefined;
    if (typeof value === 'string' && value !== '') return value;
    this.errors.push(`"${key}" must be a non-empty string (got ${show(value)})`);
    return undefined;
  }

  requiredString(key: string): string | undefined {
    if (!this.has(key)) {
      this.errors.push(`needs a "${key}"`);
      return undefined;
    }
    return this.string(key);
  }

  /** numbers, and numeric strings (Strapi writes bigint and decimal bounds as strings) */
  number(key: string): number | undefined {
    const value = this.definition[key];
    if (value === undefined || value === null) return undefined;
    const parsed = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    if (typeof parsed === 'number' && Number.isFinite(parsed)) return parsed;
    this.errors.push(`"${key}" must be a number (got ${show(value)})`);
    return undefined;
  }

  stringList(key: string): readonly string[] | undefined {
    const value = this.definition[key];
    if (value === undefined || value === null) return undefined;
    if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value as string[];
    this.errors.push(`"${key}" must be an array of strings (got ${show(value)})`);
    return undefined;
  }
}

function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}

export function show(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
