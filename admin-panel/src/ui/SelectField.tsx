/** A labelled single choice on React Aria's Select (a button opening a listbox; keyboard and typeahead included). */
import { Button, Label, ListBox, ListBoxItem, Popover, Select, SelectValue } from 'react-aria-components';
import './select-field.css';

interface Props {
  readonly label: string;
  readonly options: readonly { readonly key: string; readonly label: string }[];
  readonly value: string;
  readonly onChange: (key: string) => void;
  readonly isDisabled?: boolean;
}

export function SelectField({ label, options, value, onChange, isDisabled }: Props) {
  return (
    <Select className="field select-field" selectedKey={value} onSelectionChange={(key) => key !== null && onChange(String(key))} isDisabled={isDisabled}>
      <Label>{label}</Label>
      <Button className="select-trigger">
        <SelectValue />
        <span aria-hidden="true">▾</span>
      </Button>
      <Popover className="popover select-popover">
        <ListBox className="select-options">
          {options.map((option) => (
            <ListBoxItem key={option.key} id={option.key} textValue={option.label} className="select-option">
              {option.label}
            </ListBoxItem>
          ))}
        </ListBox>
      </Popover>
    </Select>
  );
}
