/**
 * "Filters": add a condition (attribute, operator, value) to the list's `filters` query
 * parameter; the active ones show as chips, each with its remove button.
 */
import { useState, type FormEvent } from 'react';
import { Button, Dialog, DialogTrigger, Popover } from 'react-aria-components';
import type { Column } from './columns';
import type { ListFilter } from './list-params';

const OPERATORS: ReadonlyArray<{ readonly value: string; readonly label: string; readonly needsValue: boolean }> = [
  { value: '$eq', label: 'is', needsValue: true },
  { value: '$ne', label: 'is not', needsValue: true },
  { value: '$containsi', label: 'contains', needsValue: true },
  { value: '$notContainsi', label: 'does not contain', needsValue: true },
  { value: '$gt', label: 'is greater than', needsValue: true },
  { value: '$lt', label: 'is lower than', needsValue: true },
  { value: '$null', label: 'is empty', needsValue: false },
  { value: '$notNull', label: 'is not empty', needsValue: false },
];

const operatorLabel = (value: string) => OPERATORS.find((operator) => operator.value === value)?.label ?? value;

export function filterLabel(filter: ListFilter): string {
  const needsValue = OPERATORS.find((operator) => operator.value === filter.operator)?.needsValue ?? true;
  return `${filter.field} ${operatorLabel(filter.operator)}${needsValue ? ` ${filter.value}` : ''}`;
}

interface Props {
  readonly columns: readonly Column[];
  readonly filters: readonly ListFilter[];
  readonly onChange: (filters: ListFilter[]) => void;
}

export function FiltersPopover({ columns, filters, onChange }: Props) {
  const fields = columns.filter((column) => column.sortable);
  const [open, setOpen] = useState(false);
  const [field, setField] = useState(fields[0]?.key ?? '');
  const [operator, setOperator] = useState(OPERATORS[0].value);
  const [value, setValue] = useState('');
  const needsValue = OPERATORS.find((candidate) => candidate.value === operator)?.needsValue ?? true;
  const add = (event: FormEvent) => {
    event.preventDefault();
    if (field === '' || (needsValue && value === '')) return;
    onChange([...filters, { field, operator, value: needsValue ? value : 'true' }]);
    setValue('');
    setOpen(false);
  };
  return (
    <div className="filters">
      <DialogTrigger isOpen={open} onOpenChange={setOpen}>
        <Button>Filters</Button>
        <Popover placement="bottom start" className="popover">
          <Dialog aria-label="Add a filter">
            <form onSubmit={add} className="filter-form">
              <label>
                Field
                <select value={field} onChange={(event) => setField(event.target.value)}>
                  {fields.map((column) => (
                    <option key={column.key} value={column.key}>
                      {column.label}
                    </option>
                  ))}
                </select>
              </label>
              <label>
                Operator
                <select value={operator} onChange={(event) => setOperator(event.target.value)}>
                  {OPERATORS.map((candidate) => (
                    <option key={candidate.value} value={candidate.value}>
                      {candidate.label}
                    </option>
                  ))}
                </select>
              </label>
              {needsValue ? (
                <label>
                  Value
                  <input value={value} onChange={(event) => setValue(event.target.value)} />
                </label>
              ) : null}
              <button type="submit" className="primary">
                Add filter
              </button>
            </form>
          </Dialog>
        </Popover>
      </DialogTrigger>
      {filters.length > 0 ? (
        <ul className="chips" aria-label="Active filters">
          {filters.map((filter, index) => (
            <li key={`${filter.field}${filter.operator}${filter.value}${index}`}>
              {filterLabel(filter)}
              <Button aria-label={`Remove filter ${filterLabel(filter)}`} onPress={() => onChange(filters.filter((_, i) => i !== index))}>
                ×
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
