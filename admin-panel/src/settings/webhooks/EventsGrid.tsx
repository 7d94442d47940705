/**
 * "Events" as Strapi's webhook form shows them: a row per family (Entry, Media) and a column per
 * action; each cell a checkbox named by its event (`entry.create`), each row's first box
 * selecting the whole row. Vellum also sends `entry.draft-discard` (Strapi 5's document service
 * event): a column of its own, for entries only.
 */
import { Checkbox } from 'react-aria-components';

const ACTIONS = [
  ['create', 'Create'], ['update', 'Update'], ['delete', 'Delete'], ['publish', 'Publish'], ['unpublish', 'Unpublish'], ['draft-discard', 'Discard draft'],
] as const;
const FAMILIES = [
  { key: 'entry', label: 'Entry', actions: ['create', 'update', 'delete', 'publish', 'unpublish', 'draft-discard'] },
  { key: 'media', label: 'Media', actions: ['create', 'update', 'delete'] },
] as const;

export function EventsGrid({ value, onChange }: { value: readonly string[]; onChange: (events: string[]) => void }) {
  const chosen = new Set(value);
  const set = (events: readonly string[], on: boolean) => {
    const next = new Set(chosen);
    for (const event of events) {
      if (on) next.add(event);
      else next.delete(event);
    }
    onChange(FAMILIES.flatMap((family) => family.actions.map((action) => `${family.key}.${action}`)).filter((event) => next.has(event)));
  };
  return (
    <fieldset className="webhook-events">
      <legend>Events</legend>
      <table>
        <thead>
          <tr>
            <th scope="col"><span className="webhooks-hidden">Family</span></th>
            {ACTIONS.map(([key, label]) => <th key={key} scope="col">{label}</th>)}
          </tr>
        </thead>
        <tbody>
          {FAMILIES.map((family) => {
            const events = family.actions.map((action) => `${family.key}.${action}`);
            const count = events.filter((event) => chosen.has(event)).length;
            return (
              <tr key={family.key}>
                <th scope="row">
                  <Checkbox className="checkbox" isSelected={count === events.length} isIndeterminate={count > 0 && count < events.length} onChange={(on) => set(events, on)}>
                    <span className="box" aria-hidden="true" />
                    {family.label}
                  </Checkbox>
                </th>
                {ACTIONS.map(([action]) => {
                  const event = `${family.key}.${action}`;
                  return (
                    <td key={action}>
                      {(family.actions as readonly string[]).includes(action) ? (
                        <Checkbox className="checkbox" aria-label={event} isSelected={chosen.has(event)} onChange={(on) => set([event], on)}>
                          <span className="box" aria-hidden="true" />
                        </Checkbox>
                      ) : null}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </fieldset>
  );
}
