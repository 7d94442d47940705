/**
 * media: the chosen file (or files, when `multiple`) shown by name, picked from the library or
 * uploaded in place (media-picker.tsx). The form holds the file objects; the entry is written
 * with their ids. A group labelled by the attribute's name.
 */
import { memo, useId } from 'react';
import { useController } from 'react-hook-form';
import type { MediaAttribute } from './model.js';
import { FieldShell } from './FieldShell.js';
import { useFields, type FieldProps } from './fields-context.js';
import { validationOf } from './rules.js';
import { useMediaPicker, type MediaFile } from './media-picker.js';

export const MediaField = memo(function MediaField({ path, name, attribute, disabled }: FieldProps<MediaAttribute>) {
  const id = useId();
  const { control } = useFields();
  const { field, fieldState } = useController({ control, name: path, rules: { validate: validationOf(attribute) }, disabled });
  const multiple = attribute.multiple === true;
  const { pickOne, pickMany, picker } = useMediaPicker(`Choose media for ${name}`, attribute.allowedTypes);
  const files: MediaFile[] = Array.isArray(field.value) ? (field.value as MediaFile[]) : field.value ? [field.value as MediaFile] : [];
  const add = async () => {
    if (multiple) {
      const picked = await pickMany();
      if (picked) field.onChange([...files, ...picked.filter((p) => !files.some((f) => f.id === p.id))]);
    } else {
      const picked = await pickOne();
      if (picked) field.onChange(picked);
    }
  };
  const remove = (file: MediaFile) => field.onChange(multiple ? files.filter((f) => f.id !== file.id) : null);
  return (
    <FieldShell id={id} label={name} required={attribute.required} error={fieldState.error?.message} labelFor={false}>
      <div role="group" aria-labelledby={`${id}-label`} className="vf-media">
        <ul className="vf-media-list">
          {files.map((file) => (
            <li key={file.id} className="vf-media-item">
              {file.mime?.startsWith('image/') ? <img src={file.url} alt="" /> : null}
              <span>{file.name}</span>
              <button type="button" className="vf-button" disabled={disabled} onClick={() => remove(file)} aria-label={`Remove ${file.name}`}>
                Remove
              </button>
            </li>
          ))}
        </ul>
        <button type="button" className="vf-button" disabled={disabled} onClick={() => void add()}>
          {multiple || files.length === 0 ? 'Add media' : 'Replace media'}
        </button>
      </div>
      {picker}
    </FieldShell>
  );
});
