/** "Columns": a popover of checkboxes choosing the list's columns (at least one stays). */
import { Button, Checkbox, CheckboxGroup, Dialog, DialogTrigger, Label, Popover } from 'react-aria-components';
import type { Column } from './columns';

interface Props {
  readonly columns: readonly Column[];
  readonly selected: readonly string[];
  readonly onChange: (keys: string[]) => void;
}

export function ColumnChooser({ columns, selected, onChange }: Props) {
  return (
    <DialogTrigger>
      <Button>Columns</Button>
      <Popover placement="bottom end" className="popover">
        <Dialog aria-label="Displayed columns">
          <CheckboxGroup
            value={[...selected]}
            onChange={(keys) => {
              // keep the columns in their display order
              if (keys.length > 0) onChange(columns.map((column) => column.key).filter((key) => keys.includes(key)));
            }}
          >
            <Label>Displayed columns</Label>
            {columns.map((column) => (
              <Checkbox key={column.key} value={column.key} className="checkbox">
                <span className="box" aria-hidden="true" />
                {column.label}
              </Checkbox>
            ))}
          </CheckboxGroup>
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
