/** The "Name" (required) and "Description" fields of a settings record (a role, an API token). */
import { Input, Label, TextArea, TextField } from 'react-aria-components';
import './name-description-fields.css';

interface Props {
  readonly name: string;
  readonly description: string;
  readonly onName: (value: string) => void;
  readonly onDescription: (value: string) => void;
}

export function NameDescriptionFields({ name, description, onName, onDescription }: Props) {
  return (
    <>
      <TextField className="field" value={name} onChange={onName} isRequired validationBehavior="aria">
        <Label>Name</Label>
        <Input />
      </TextField>
      <TextField className="field" value={description} onChange={onDescription}>
        <Label>Description</Label>
        <TextArea rows={2} />
      </TextField>
    </>
  );
}

/** checked before sending (the server answers a 400 too): an empty name is refused in the page */
export const missingName = (name: string): Error | null => (name.trim() === '' ? new Error('Name is required') : null);
