/**
 * The permission matrix of the content API, one component for a users-permissions role's page
 * and a Custom API token's: one collapsible region per content type (then per plugin: upload,
 * users-permissions), named by its display name and opened by a button of the same name (the
 * WAI-ARIA accordion: `aria-expanded`, `aria-controls`); inside, per controller, a "Select all"
 * and a checkbox per action named by the action (`find`, `findOne`, custom route actions). A
 * closed region renders no checkboxes, so 50 content types cost 50 buttons until opened.
 */
import { useId, useState } from 'react';
import { Button, Checkbox } from 'react-aria-components';
import { groupLabel, sortedGroups, withActions, type ControllerActions, type PermissionTree } from './permission-tree';
import './permission-matrix.css';

interface Props {
  readonly tree: PermissionTree;
  readonly onChange: (tree: PermissionTree) => void;
  readonly isDisabled?: boolean;
}

export function PermissionMatrix({ tree, onChange, isDisabled = false }: Props) {
  return (
    <div className="permission-matrix">
      {sortedGroups(tree).map((type) => (
        <MatrixGroup key={type} type={type} tree={tree} onChange={onChange} isDisabled={isDisabled} />
      ))}
    </div>
  );
}

function MatrixGroup({ type, tree, onChange, isDisabled }: { type: string; tree: PermissionTree; onChange: Props['onChange']; isDisabled: boolean }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const controllers = tree[type]?.controllers ?? {};
  const states = Object.values(controllers).flatMap((actions) => Object.values(actions));
  const enabled = states.filter((state) => state.enabled).length;
  const label = groupLabel(type);
  return (
    <section className="matrix-group">
      <h3 className="matrix-heading">
        <Button id={`${id}-button`} aria-expanded={open} aria-controls={`${id}-panel`} onPress={() => setOpen(!open)} className="matrix-toggle">
          <span className="matrix-arrow" aria-hidden="true">{open ? '▾' : '▸'}</span>
          {label}
        </Button>
        <span className="matrix-count">
          {enabled} of {states.length} allowed · <code>{type}</code>
        </span>
      </h3>
      <div id={`${id}-panel`} role="region" aria-labelledby={`${id}-button`} hidden={!open} className="matrix-panel">
        {open &&
          Object.entries(controllers).map(([controller, actions]) => (
            <ControllerRow key={controller} actions={actions} controller={controller} isDisabled={isDisabled}
              onSet={(names, on) => onChange(withActions(tree, type, controller, names, on))} />
          ))}
      </div>
    </section>
  );
}

function ControllerRow({ controller, actions, isDisabled, onSet }: { controller: string; actions: ControllerActions; isDisabled: boolean; onSet: (names: readonly string[], on: boolean) => void }) {
  const names = Object.keys(actions);
  const on = names.filter((name) => actions[name]?.enabled).length;
  const headingId = useId();
  return (
    <div role="group" aria-labelledby={headingId} className="matrix-controller">
      <div className="matrix-controller-head">
        <h4 id={headingId}>{controller}</h4>
        <Checkbox className="checkbox" isSelected={on === names.length} isIndeterminate={on > 0 && on < names.length} isDisabled={isDisabled} onChange={(all) => onSet(names, all)}>
          <span className="box" aria-hidden="true" />
          Select all
        </Checkbox>
      </div>
      <div className="matrix-actions">
        {names.map((name) => (
          <Checkbox key={name} className="checkbox" isSelected={actions[name]?.enabled === true} isDisabled={isDisabled} onChange={(value) => onSet([name], value)}>
            <span className="box" aria-hidden="true" />
            {name}
          </Checkbox>
        ))}
      </div>
    </div>
  );
}
