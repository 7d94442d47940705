/**
 * "Create new collection type" / "Create new single type" / "Create new component", and a
 * model's settings: display name → API IDs (singular and plural, suggested, editable while new),
 * draft & publish and localization for types, category for components.
 */
import { useState } from 'react';
import { Checkbox, Dialog, Heading, Input, Label, Modal, TextField } from 'react-aria-components';
import { DialogFooter } from './DialogFooter';
import { pluralOf, slugOf, type Model } from './working-copy';

export type NewModel = { modelType: 'contentType'; kind: 'collectionType' | 'singleType' } | { modelType: 'component' };

interface Props {
  /** a new model of this kind, or the model whose settings are edited */
  readonly target: NewModel | Model;
  readonly taken: ReadonlySet<string>;
  readonly onDone: (settings: Pick<Model, 'displayName' | 'singularName' | 'pluralName' | 'draftAndPublish' | 'localized' | 'category' | 'icon'>) => void;
  readonly onCancel: () => void;
}

const TITLES = { collectionType: 'Create a collection type', singleType: 'Create a single type', component: 'Create a component' } as const;

export function ModelDialog({ target, taken, onDone, onCancel }: Props) {
  const existing = 'uid' in target ? target : undefined;
  const isComponent = target.modelType === 'component';
  const [displayName, setDisplayName] = useState(existing?.displayName ?? '');
  const [singular, setSingular] = useState<string | undefined>(existing?.singularName);
  const [plural, setPlural] = useState<string | undefined>(existing?.pluralName);
  const [draftAndPublish, setDraftAndPublish] = useState(existing?.draftAndPublish ?? true);
  const [localized, setLocalized] = useState(existing?.localized ?? false);
  const [category, setCategory] = useState(existing?.category ?? '');
  const [error, setError] = useState('');
  const singularName = singular ?? slugOf(displayName);
  const pluralName = plural ?? pluralOf(slugOf(displayName));
  const title = existing ? `Edit ${existing.displayName}` : TITLES[target.modelType === 'component' ? 'component' : target.kind];

  const submit = () => {
    const name = /^[a-z][a-z0-9-]*$/;
    if (displayName.trim() === '') return setError('Display name is required');
    if (isComponent && !name.test(category)) return setError('Category: lowercase letters, digits and dashes');
    if (!isComponent && !existing) {
      if (!name.test(singularName) || !name.test(pluralName)) return setError('API IDs: lowercase letters, digits and dashes, starting with a letter');
      if (singularName === pluralName) return setError('The singular and plural API IDs must differ');
      if (taken.has(singularName) || taken.has(pluralName)) return setError('This API ID is already taken');
    }
    onDone({ displayName: displayName.trim(), singularName, pluralName, draftAndPublish, localized, category, icon: existing?.icon ?? '' });
  };

  return (
    <Modal isOpen onOpenChange={(open) => !open && onCancel()} isDismissable className="modal ctb-modal">
      <Dialog className="dialog ctb-dialog">
        <Heading slot="title">{title}</Heading>
        <form
          className="ctb-form"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <TextField className="field" value={displayName} onChange={setDisplayName} isRequired autoFocus>
            <Label>Display name</Label>
            <Input />
          </TextField>
          {isComponent ? (
            <TextField className="field" value={category} onChange={setCategory} isRequired isReadOnly={existing !== undefined}>
              <Label>Category</Label>
              <Input />
            </TextField>
          ) : (
            <>
              <TextField className="field" value={singularName} onChange={setSingular} isReadOnly={existing !== undefined}>
                <Label>API ID (singular)</Label>
                <Input />
              </TextField>
              <TextField className="field" value={pluralName} onChange={setPlural} isReadOnly={existing !== undefined}>
                <Label>API ID (plural)</Label>
                <Input />
              </TextField>
              <Checkbox className="checkbox" isSelected={draftAndPublish} onChange={setDraftAndPublish}>
                <span className="box" aria-hidden="true" />
                Draft & publish
              </Checkbox>
              <Checkbox className="checkbox" isSelected={localized} onChange={setLocalized}>
                <span className="box" aria-hidden="true" />
                Enable localization for this Content-Type
              </Checkbox>
            </>
          )}
          <DialogFooter error={error} submit="Continue" onCancel={onCancel} />
        </form>
      </Dialog>
    </Modal>
  );
}
