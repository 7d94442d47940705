/**
 * "Add another field" / "Edit <name>": every attribute kind with its options (required, unique,
 * private, lengths, range, default, pattern, values, attached field, media kinds, relation kind
 * and target, component, dynamic zone components, localized). Native selects (labelled, keyboard
 * operable); React Aria's dialog, text fields and checkboxes.
 */
import { useState, type ReactNode } from 'react';
import { Checkbox, CheckboxGroup, Dialog, Heading, Input, Label, Modal, TextArea, TextField } from 'react-aria-components';
import type { AttributeJson } from './api';
import { DialogFooter } from './DialogFooter';
import {
  ATTRIBUTE_TYPES, MEDIA_TYPES, RELATION_KINDS, attributeOf, emptyForm, formOf, hasDefault, hasLength, hasRange, hasRegex, hasUnique, isTwoSided,
  type AttributeForm,
} from './attribute-form';
import type { Model, PluginTarget } from './working-copy';

interface Props {
  readonly model: Model;
  /** the attribute edited (absent: a new one) */
  readonly editing?: { readonly name: string; readonly attribute: AttributeJson };
  readonly contentTypes: readonly Model[];
  /** plugins' types a relation may target (one-way only: their `kinds`) */
  readonly pluginTargets: readonly PluginTarget[];
  readonly components: readonly Model[];
  readonly onDone: (name: string, attribute: AttributeJson) => void;
  readonly onCancel: () => void;
}

function Text({ label, value, onChange, type = 'text' }: { label: string; value: string; onChange: (value: string) => void; type?: string }) {
  return (
    <TextField className="field" value={value} onChange={onChange} type={type}>
      <Label>{label}</Label>
      <Input />
    </TextField>
  );
}

function Flag({ label, value, onChange }: { label: string; value: boolean; onChange: (value: boolean) => void }) {
  return (
    <Checkbox className="checkbox" isSelected={value} onChange={onChange}>
      <span className="box" aria-hidden="true" />
      {label}
    </Checkbox>
  );
}

function Choice({ label, value, onChange, children }: { label: string; value: string; onChange: (value: string) => void; children: ReactNode }) {
  const id = `ctb-${label.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {children}
      </select>
    </div>
  );
}

function Many({ label, value, onChange, options }: { label: string; value: string[]; onChange: (value: string[]) => void; options: readonly (readonly [string, string])[] }) {
  return (
    <CheckboxGroup className="ctb-group" value={value} onChange={onChange}>
      <Label>{label}</Label>
      {options.map(([key, name]) => (
        <Checkbox key={key} value={key} className="checkbox">
          <span className="box" aria-hidden="true" />
          {name}
        </Checkbox>
      ))}
    </CheckboxGroup>
  );
}

export function AttributeDialog({ model, editing, contentTypes, pluginTargets, components, onDone, onCancel }: Props) {
  const [form, setForm] = useState<AttributeForm>(() => (editing ? formOf(editing.name, editing.attribute) : emptyForm()));
  const [error, setError] = useState('');
  const set = <K extends keyof AttributeForm>(key: K) => (value: AttributeForm[K]) => setForm((current) => ({ ...current, [key]: value }));
  const { type } = form;
  const textFields = Object.entries(model.attributes).filter(([name, attribute]) => ['string', 'text'].includes(attribute.type) && name !== form.name);
  // a plugin's type takes only the relation kinds it lists (the users-permissions user: one-way)
  const kindsOf = (target: string) => pluginTargets.find((plugin) => plugin.uid === target)?.kinds ?? null;
  const allowedKinds = kindsOf(form.target);
  const relationKinds = RELATION_KINDS.filter(([key]) => allowedKinds === null || allowedKinds.includes(key));
  const setTarget = (target: string) => {
    const kinds = kindsOf(target);
    setForm((current) => ({ ...current, target, relation: kinds === null || kinds.includes(current.relation) ? current.relation : kinds[0] ?? current.relation }));
  };
  const componentOptions = components.filter((component) => component.uid !== model.uid).map((component) => [component.uid, `${component.category} – ${component.displayName}`] as const);

  const submit = () => {
    const name = form.name.trim();
    if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(name)) return setError('Name: letters, digits and underscores, starting with a letter');
    if (name !== editing?.name && model.attributes[name] !== undefined) return setError(`${model.displayName} already has a field named ${name}`);
    if (type === 'relation' && form.target === '') return setError('Choose the relation target');
    if (type === 'component' && form.component === '') return setError('Choose a component');
    if (type === 'dynamiczone' && form.components.length === 0) return setError('Choose the dynamic zone components');
    if (type === 'enumeration' && form.values.trim() === '') return setError('Enter the values, one per line');
    onDone(name, attributeOf({ ...form, name }, model.localized));
  };

  return (
    <Modal isOpen onOpenChange={(open) => !open && onCancel()} isDismissable className="modal ctb-modal">
      <Dialog className="dialog ctb-dialog">
        <Heading slot="title">{editing ? `Edit ${editing.name}` : `Add a field to ${model.displayName}`}</Heading>
        <form
          className="ctb-form"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Choice label="Type" value={type} onChange={(value) => setForm((current) => ({ ...emptyForm(value), name: current.name }))}>
            {ATTRIBUTE_TYPES.filter(([key]) => model.modelType === 'contentType' || key !== 'dynamiczone').map(([key, name]) => (
              <option key={key} value={key}>
                {name}
              </option>
            ))}
          </Choice>
          <Text label="Name" value={form.name} onChange={set('name')} />
          {type === 'enumeration' && (
            <TextField className="field" value={form.values} onChange={set('values')}>
              <Label>Values (one per line)</Label>
              <TextArea rows={3} />
            </TextField>
          )}
          {type === 'uid' && (
            <Choice label="Attached field" value={form.targetField} onChange={set('targetField')}>
              <option value="">None</option>
              {textFields.map(([name]) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </Choice>
          )}
          {type === 'media' && (
            <>
              <Flag label="Multiple media" value={form.multiple} onChange={set('multiple')} />
              <Many label="Allowed types" value={form.allowedTypes} onChange={set('allowedTypes')} options={MEDIA_TYPES} />
            </>
          )}
          {type === 'relation' && (
            <>
              <Choice label="Relation" value={form.relation} onChange={set('relation')}>
                {relationKinds.map(([key, name]) => (
                  <option key={key} value={key}>
                    {`${key} — ${model.displayName} ${name}`}
                  </option>
                ))}
              </Choice>
              <Choice label="Target" value={form.target} onChange={setTarget}>
                <option value="">Choose…</option>
                {contentTypes.map((target) => (
                  <option key={target.uid} value={target.uid}>
                    {target.displayName}
                  </option>
                ))}
                {pluginTargets.length > 0 && (
                  <optgroup label="Plugins">
                    {pluginTargets.map((target) => (
                      <option key={target.uid} value={target.uid}>
                        {`${target.displayName} (${target.plugin})`}
                      </option>
                    ))}
                  </optgroup>
                )}
              </Choice>
              {isTwoSided(form.relation) && <Text label="Field name in target" value={form.targetAttribute} onChange={set('targetAttribute')} />}
            </>
          )}
          {type === 'component' && (
            <>
              <Choice label="Component" value={form.component} onChange={set('component')}>
                <option value="">Choose…</option>
                {componentOptions.map(([uid, name]) => (
                  <option key={uid} value={uid}>
                    {name}
                  </option>
                ))}
              </Choice>
              <Flag label="Repeatable" value={form.repeatable} onChange={set('repeatable')} />
            </>
          )}
          {type === 'dynamiczone' && <Many label="Components" value={form.components} onChange={set('components')} options={componentOptions} />}
          {type !== 'relation' && (
            <fieldset className="ctb-options">
              <legend>Options</legend>
              <Flag label="Required" value={form.required} onChange={set('required')} />
              {hasUnique(type) && <Flag label="Unique" value={form.unique} onChange={set('unique')} />}
              <Flag label="Private" value={form.private} onChange={set('private')} />
              {model.localized && <Flag label="Localized" value={form.localized} onChange={set('localized')} />}
              {hasLength(type) && (
                <>
                  <Text label="Minimum length" type="number" value={form.minLength} onChange={set('minLength')} />
                  <Text label="Maximum length" type="number" value={form.maxLength} onChange={set('maxLength')} />
                </>
              )}
              {hasRange(type) && (
                <>
                  <Text label="Minimum" type="number" value={form.min} onChange={set('min')} />
                  <Text label="Maximum" type="number" value={form.max} onChange={set('max')} />
                </>
              )}
              {hasRegex(type) && <Text label="RegExp pattern" value={form.regex} onChange={set('regex')} />}
              {hasDefault(type) && type === 'boolean' && (
                <Choice label="Default value" value={form.default} onChange={set('default')}>
                  <option value="">None</option>
                  <option value="true">true</option>
                  <option value="false">false</option>
                </Choice>
              )}
              {hasDefault(type) && type !== 'boolean' && <Text label="Default value" value={form.default} onChange={set('default')} />}
            </fieldset>
          )}
          <DialogFooter error={error} submit="Finish" onCancel={onCancel} />
        </form>
      </Dialog>
    </Modal>
  );
}
