/** "Headers": key/value rows sent with every request of the webhook; add and remove rows. */
import { Button, Input, TextField } from 'react-aria-components';

export interface HeaderRow {
  readonly key: string;
  readonly value: string;
}

export function HeadersEditor({ rows, onChange }: { rows: readonly HeaderRow[]; onChange: (rows: HeaderRow[]) => void }) {
  const edit = (index: number, change: Partial<HeaderRow>) => onChange(rows.map((row, i) => (i === index ? { ...row, ...change } : row)));
  return (
    <fieldset className="webhook-headers">
      <legend>Headers</legend>
      {rows.length === 0 ? <p className="webhooks-muted">No header of its own (the server's default headers are still sent).</p> : null}
      {rows.length > 0 ? (
        <div className="webhook-header-row webhooks-muted" aria-hidden="true">
          <span>Key</span>
          <span>Value</span>
        </div>
      ) : null}
      {rows.map((row, index) => (
        <div className="webhook-header-row" key={index}>
          <TextField className="field" value={row.key} onChange={(key) => edit(index, { key })} aria-label={`Header ${index + 1} key`}>
            <Input placeholder="Authorization" />
          </TextField>
          <TextField className="field" value={row.value} onChange={(value) => edit(index, { value })} aria-label={`Header ${index + 1} value`}>
            <Input />
          </TextField>
          <Button aria-label={`Remove header ${index + 1}`} onPress={() => onChange(rows.filter((_, i) => i !== index))}>Remove</Button>
        </div>
      ))}
      <Button onPress={() => onChange([...rows, { key: '', value: '' }])}>Create a new header</Button>
    </fieldset>
  );
}
