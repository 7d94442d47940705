/**
 * The role editor's matrix, Strapi-like: one region per content type named by its display name,
 * a checkbox per action ("Create", "Read", "Update", "Delete", "Publish") and "Only the creator";
 * the type's button (same name) opens its fields, a checkbox per field and field action
 * ("Read title"), so a role may be limited to some attributes. Then the plugins' and settings'
 * actions, one group per subcategory. Read-only for Super Admin.
 */
import { useState } from 'react';
import { Button, Checkbox } from 'react-aria-components';
import { setCreatorOnly, toggleAction, toggleField, toggleOther, type MatrixModel, type MatrixState } from './role-matrix';

interface Props {
  readonly model: MatrixModel;
  readonly state: MatrixState;
  readonly onChange: (next: MatrixState) => void;
  readonly readOnly: boolean;
}

function Box({ label, selected, onChange, readOnly, visible }: { label: string; selected: boolean; onChange: (on: boolean) => void; readOnly: boolean; visible?: string }) {
  return (
    <Checkbox className="checkbox" aria-label={label} isSelected={selected} onChange={onChange} isReadOnly={readOnly}>
      <span className="box" aria-hidden="true" />
      {visible ?? null}
    </Checkbox>
  );
}

export function PermissionMatrix({ model, state, onChange, readOnly }: Props) {
  const [open, setOpen] = useState<string | null>(null);
  const groups = [...new Set(model.others.map((entry) => entry.group))];
  const actionLabels = [...new Set(model.subjects.flatMap((subject) => subject.actions.map((action) => action.label)))];
  return (
    <div className="role-matrix">
      <h2>Collection and single types</h2>
      <div className="matrix-head" aria-hidden="true">
        <span />
        {actionLabels.map((label) => <span key={label}>{label}</span>)}
        <span>Only the creator</span>
      </div>
      {model.subjects.map((subject) => {
        const grants = state.types[subject.uid] ?? { actions: {}, creatorOnly: false };
        const expanded = open === subject.uid;
        const fieldActions = subject.actions.filter((action) => action.withFields);
        return (
          <section key={subject.uid} aria-label={subject.label} className="matrix-type">
            <div className="matrix-row">
              <Button className="matrix-toggle" aria-expanded={expanded} onPress={() => setOpen(expanded ? null : subject.uid)}>
                {subject.label}
                <span aria-hidden="true">{expanded ? ' ▴' : ' ▾'}</span>
              </Button>
              {actionLabels.map((label) => {
                const action = subject.actions.find((candidate) => candidate.label === label);
                if (!action) return <span key={label} />;
                return (
                  <Box key={label} label={label} readOnly={readOnly} selected={grants.actions[action.id] !== undefined}
                    onChange={(on) => onChange(toggleAction(state, subject.uid, action.id, action.withFields ? subject.fields : [], on))} />
                );
              })}
              <Box label="Only the creator" readOnly={readOnly} selected={grants.creatorOnly} onChange={(on) => onChange(setCreatorOnly(state, subject.uid, on))} />
            </div>
            {expanded ? (
              <table className="matrix-fields">
                <thead>
                  <tr>
                    <th scope="col">Field</th>
                    {fieldActions.map((action) => <th key={action.id} scope="col">{action.label}</th>)}
                  </tr>
                </thead>
                <tbody>
                  {subject.fields.map((field) => (
                    <tr key={field}>
                      <th scope="row">{field}</th>
                      {fieldActions.map((action) => (
                        <td key={action.id}>
                          <Box label={`${action.label} ${field}`} readOnly={readOnly} selected={grants.actions[action.id]?.includes(field) === true}
                            onChange={(on) => onChange(toggleField(state, subject.uid, action.id, field, on))} />
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : null}
          </section>
        );
      })}
      <h2>Plugins and settings</h2>
      <div className="matrix-others">
        {groups.map((group) => (
          <fieldset key={group}>
            <legend>{group}</legend>
            {model.others.filter((entry) => entry.group === group).map((entry) => (
              <Box key={entry.action} label={entry.label} visible={entry.label} readOnly={readOnly} selected={state.others.has(entry.action)}
                onChange={(on) => onChange(toggleOther(state, entry.action, on))} />
            ))}
          </fieldset>
        ))}
      </div>
    </div>
  );
}
