/**
 * The edit form generated from a schema: one field per attribute, picked by kind, and the two
 * kinds that nest schemas, components (single and repeatable: add, remove, reorder) and dynamic
 * zones (insert at any position, reorder, remove). Every field and every item is memoised on
 * stable props and keeps its value in react-hook-form, so a keystroke in one of a zone's thirty
 * items renders that input alone (bench: typing latency).
 */
import { memo, useCallback, useId, useState, type ReactNode } from 'react';
import { useFieldArray } from 'react-hook-form';
import { Button, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { editableAttributes, type Attribute, type ComponentAttribute, type DynamicZoneAttribute } from './model.js';
import { useFields } from './fields-context.js';
import { ScalarField } from './ScalarField.js';
import { UidField } from './UidField.js';
import { CodeField } from './CodeField.js';
import { BlocksField } from './BlocksField.js';
import { MediaField } from './MediaField.js';
import { RelationField } from './RelationField.js';
import { SortableList } from './SortableList.js';
import { emptyFormValues } from './form-values.js';

const joinPath = (prefix: string, name: string) => (prefix === '' ? name : `${prefix}.${name}`);

export const FieldInput = memo(function FieldInput(props: { path: string; name: string; attribute: Attribute; schemaUid: string; disabled: boolean }) {
  const { attribute } = props;
  switch (attribute.type) {
    case 'uid':
      return <UidField {...props} attribute={attribute} />;
    case 'json':
    case 'richtext':
      return <CodeField {...props} attribute={attribute} />;
    case 'blocks':
      return <BlocksField {...props} attribute={attribute} />;
    case 'media':
      return <MediaField {...props} attribute={attribute} />;
    case 'relation':
      return <RelationField {...props} attribute={attribute} />;
    case 'component':
      return <ComponentField {...props} attribute={attribute} />;
    case 'dynamiczone':
      return <DynamicZoneField {...props} attribute={attribute} />;
    default:
      return <ScalarField {...props} attribute={attribute} />;
  }
});

/** the fields of a schema (content type or component) under a path prefix */
export const AttributeFields = memo(function AttributeFields({ attributes, schemaUid, prefix, disabled }: { attributes: Record<string, Attribute>; schemaUid: string; prefix: string; disabled?: boolean }) {
  const { canEdit } = useFields();
  return (
    <div className="vf-fields">
      {editableAttributes(attributes).map(([name, attribute]) => (
        <FieldInput key={name} path={joinPath(prefix, name)} name={name} attribute={attribute} schemaUid={schemaUid} disabled={disabled === true || (prefix === '' && !canEdit(name))} />
      ))}
    </div>
  );
});

const ComponentItem = memo(function ComponentItem(props: { path: string; componentUid: string; title: string; handle: ReactNode; disabled: boolean; onRemove(): void; removeLabel: string }) {
  const { model } = useFields();
  const component = model.component(props.componentUid);
  const headingId = useId();
  return (
    <section className="vf-component" aria-labelledby={headingId}>
      <header className="vf-component-header">
        {props.handle}
        <h3 id={headingId} className="vf-component-title">
          {props.title}
        </h3>
        <button type="button" className="vf-button" disabled={props.disabled} onClick={props.onRemove} aria-label={props.removeLabel}>
          Delete
        </button>
      </header>
      <AttributeFields attributes={component.attributes} schemaUid={component.uid} prefix={props.path} disabled={props.disabled} />
    </section>
  );
});

function SingleComponent({ path, name, attribute, disabled }: { path: string; name: string; attribute: ComponentAttribute; disabled: boolean }) {
  const { model, getValues, setValue } = useFields();
  const [present, setPresent] = useState(() => getValues(path) !== null && getValues(path) !== undefined);
  const add = () => {
    setValue(path, emptyFormValues(model.component(attribute.component).attributes, model), { shouldDirty: true });
    setPresent(true);
  };
  const remove = useCallback(() => {
    setValue(path, null, { shouldDirty: true });
    setPresent(false);
  }, [path, setValue]);
  if (!present) {
    return (
      <button type="button" className="vf-button" disabled={disabled} onClick={add}>
        {`Add ${name}`}
      </button>
    );
  }
  return <ComponentItem path={path} componentUid={attribute.component} title={model.component(attribute.component).info.displayName} handle={null} disabled={disabled} onRemove={remove} removeLabel={`Delete ${name}`} />;
}

function RepeatableComponent({ path, name, attribute, disabled }: { path: string; name: string; attribute: ComponentAttribute; disabled: boolean }) {
  const { control, model } = useFields();
  const { fields, append, remove, move } = useFieldArray({ control, name: path });
  const component = model.component(attribute.component);
  const items = fields.map((field) => ({ key: field.id }));
  const label = (_item: unknown, index: number) => `${name} ${index + 1}`;
  return (
    <>
      <SortableList items={items} label={label} onMove={move} aria-label={name}>
        {(item, index, handle) => (
          <ComponentItem key={item.key} path={`${path}.${index}`} componentUid={component.uid} title={`${component.info.displayName} ${index + 1}`} handle={handle} disabled={disabled} onRemove={() => remove(index)} removeLabel={`Delete ${name} ${index + 1}`} />
        )}
      </SortableList>
      <button type="button" className="vf-button" disabled={disabled || (attribute.max !== undefined && fields.length >= attribute.max)} onClick={() => append(emptyFormValues(component.attributes, model))}>
        {`Add an entry to ${name}`}
      </button>
    </>
  );
}

export function ComponentField(props: { path: string; name: string; attribute: ComponentAttribute; disabled: boolean }) {
  const id = useId();
  return (
    <fieldset className="vf-fieldset" aria-labelledby={`${id}-legend`}>
      <legend id={`${id}-legend`} className="vf-label">
        {props.name}
      </legend>
      {props.attribute.repeatable ? <RepeatableComponent {...props} /> : <SingleComponent {...props} />}
    </fieldset>
  );
}

function ComponentMenu({ label, components, onPick, disabled }: { label: string; components: string[]; onPick(uid: string): void; disabled: boolean }) {
  const { model } = useFields();
  return (
    <MenuTrigger>
      <Button className="vf-button" isDisabled={disabled}>
        {label}
      </Button>
      <Popover className="vf-popover">
        <Menu className="vf-menu" aria-label="Pick one component" onAction={(key) => onPick(String(key))}>
          {components.map((uid) => (
            <MenuItem key={uid} id={uid} className="vf-option">
              {model.component(uid).info.displayName}
            </MenuItem>
          ))}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}

const ZoneItem = memo(function ZoneItem(props: { path: string; index: number; componentUid: string; zone: string; components: string[]; handle: ReactNode; disabled: boolean; remove(index: number): void; insertAt(index: number, uid: string): void }) {
  const { model } = useFields();
  const title = `${model.component(props.componentUid).info.displayName} ${props.index + 1}`;
  const { index, remove, insertAt } = props;
  const onRemove = useCallback(() => remove(index), [remove, index]);
  return (
    <div className="vf-zone-item">
      <ComponentMenu label={`Insert a component above ${title}`} components={props.components} disabled={props.disabled} onPick={(uid) => insertAt(index, uid)} />
      <ComponentItem path={props.path} componentUid={props.componentUid} title={title} handle={props.handle} disabled={props.disabled} onRemove={onRemove} removeLabel={`Delete ${title}`} />
    </div>
  );
});

export function DynamicZoneField({ path, name, attribute, disabled }: { path: string; name: string; attribute: DynamicZoneAttribute; disabled: boolean }) {
  const { control, model } = useFields();
  const id = useId();
  const { fields, insert, remove, move } = useFieldArray({ control, name: path });
  const insertAt = useCallback(
    (index: number, uid: string) => insert(index, { __component: uid, ...emptyFormValues(model.component(uid).attributes, model) }),
    [insert, model],
  );
  const items = fields.map((field) => ({ key: field.id, uid: String((field as { __component?: unknown }).__component) }));
  const label = (item: { uid: string }, index: number) => `${model.component(item.uid).info.displayName} ${index + 1}`;
  return (
    <fieldset className="vf-fieldset vf-zone" aria-labelledby={`${id}-legend`}>
      <legend id={`${id}-legend`} className="vf-label">
        {name}
      </legend>
      <SortableList items={items} label={label} onMove={move} aria-label={name}>
        {(item, index, handle) => (
          <ZoneItem key={item.key} path={`${path}.${index}`} index={index} componentUid={item.uid} zone={name} components={attribute.components} handle={handle} disabled={disabled} remove={remove} insertAt={insertAt} />
        )}
      </SortableList>
      <ComponentMenu label={`Add a component to ${name}`} components={attribute.components} disabled={disabled || (attribute.max !== undefined && fields.length >= attribute.max)} onPick={(uid) => insertAt(fields.length, uid)} />
    </fieldset>
  );
}
