/**
 * The Content-Type Builder at Strapi's URL `/plugins/content-type-builder`: collection types,
 * single types and components by category; create them, edit their settings and fields, delete
 * them; Save sends every unsaved edit in one batch. The server writes the schema files and
 * restarts (`vellum develop`); the page waits for the new app and reloads on its own. Outside
 * development the page only shows the schemas.
 */
import { useEffect, useMemo, useState } from 'react';
import { Button } from 'react-aria-components';
import { useSearchParams } from 'react-router';
import { ApiError } from '../api/client';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { saveSchema, useAdminInformation, useBuilderSchemas, type AttributeJson } from './api';
import { AttributeDialog } from './AttributeDialog';
import { formOf } from './attribute-form';
import { ModelDialog, type NewModel } from './ModelDialog';
import { waitForRestart } from './restart';
import { batchOf, edited, fromServer, pluginTargetsOf, slugOf, type Model } from './working-copy';
import './content-type-builder.css';

type Editing = { kind: 'model'; target: NewModel | Model } | { kind: 'attribute'; name?: string } | { kind: 'delete-model' } | { kind: 'delete-attribute'; name: string };

function describe(attribute: AttributeJson): string {
  // a one-sided oneToOne / oneToMany is Strapi's oneWay / manyWay (as the field dialog shows it)
  if (attribute.type === 'relation') return `relation ${formOf('', attribute).relation} → ${String(attribute.target)}`;
  if (attribute.type === 'component') return `component ${String(attribute.component)}${attribute.repeatable === true ? ' (repeatable)' : ''}`;
  if (attribute.type === 'media') return `media${attribute.multiple === true ? ' (multiple)' : ''}`;
  return attribute.type;
}

export function BuilderPage() {
  const information = useAdminInformation();
  const schemas = useBuilderSchemas();
  const [models, setModels] = useState<Model[]>([]);
  const [params, setParams] = useSearchParams();
  const [editing, setEditing] = useState<Editing | undefined>();
  const [phase, setPhase] = useState<'editing' | 'saving' | 'restarting'>('editing');
  const [error, setError] = useState('');
  useEffect(() => {
    if (schemas.data) setModels(fromServer(schemas.data.contentTypes, schemas.data.components));
  }, [schemas.data]);
  // no edits while a save is on its way or the server restarts
  const writable = information.data?.autoReload === true;
  const idle = phase === 'editing';
  const visible = models.filter((model) => model.status !== 'deleted');
  const selected = visible.find((model) => model.uid === params.get('uid')) ?? visible[0];
  const select = (uid: string) => setParams({ uid });
  const contentTypes = visible.filter((model) => model.modelType === 'contentType');
  const pluginTargets = useMemo(() => pluginTargetsOf(schemas.data?.contentTypes ?? []), [schemas.data]);
  const components = visible.filter((model) => model.modelType === 'component');
  const categories = useMemo(() => [...new Set(components.map((component) => component.category))].sort(), [components]);
  const batch = batchOf(models);
  const taken = new Set(contentTypes.flatMap((model) => [model.singularName, model.pluralName]));

  const replace = (uid: string, next: Model | undefined) => setModels((current) => (next ? current.map((model) => (model.uid === uid ? next : model)) : current.filter((model) => model.uid !== uid)));

  const save = async () => {
    if (!batch || !information.data) return;
    setError('');
    setPhase('saving');
    try {
      await saveSchema(batch);
    } catch (failure) {
      setPhase('editing');
      setError(failure instanceof ApiError ? failure.message : String(failure));
      return;
    }
    setPhase('restarting');
    if (await waitForRestart(information.data.startedAt)) return window.location.reload();
    setPhase('editing');
    setError('The schema files are written, but the server did not come back: its log says why (`vellum develop` keeps the previous app running when the new schema does not load).');
  };

  if (schemas.isPending || information.isPending) return <p className="loading">Loading…</p>;
  if (schemas.isError) return <p role="alert">{schemas.error.message}</p>;

  const modelLink = (model: Model) => (
    <li key={model.uid}>
      <Button className={`ctb-link${model.uid === selected?.uid ? ' active' : ''}`} onPress={() => select(model.uid)}>
        {model.displayName}
      </Button>
      {model.status !== 'unchanged' && <span className="ctb-badge">{model.status === 'new' ? 'new' : 'edited'}</span>}
    </li>
  );

  return (
    <main className="ctb">
      <nav className="ctb-nav" aria-label="Content-Type Builder">
        <h2>Collection types</h2>
        <ul>{contentTypes.filter((model) => model.kind === 'collectionType').map(modelLink)}</ul>
        {writable && <Button onPress={() => setEditing({ kind: 'model', target: { modelType: 'contentType', kind: 'collectionType' } })}>Create new collection type</Button>}
        <h2>Single types</h2>
        <ul>{contentTypes.filter((model) => model.kind === 'singleType').map(modelLink)}</ul>
        {writable && <Button onPress={() => setEditing({ kind: 'model', target: { modelType: 'contentType', kind: 'singleType' } })}>Create new single type</Button>}
        <h2>Components</h2>
        {categories.map((category) => (
          <section key={category} aria-label={category}>
            <h3>{category}</h3>
            <ul>{components.filter((model) => model.category === category).map(modelLink)}</ul>
          </section>
        ))}
        {writable && <Button onPress={() => setEditing({ kind: 'model', target: { modelType: 'component' } })}>Create new component</Button>}
      </nav>
      <section className="ctb-main">
        <header className="ctb-header">
          <h1>{selected ? selected.displayName : 'Content-Type Builder'}</h1>
          {writable && (
            <Button className="primary" isDisabled={!batch || phase !== 'editing'} onPress={() => void save()}>
              Save
            </Button>
          )}
        </header>
        {!writable && (
          <p className="notice" role="note">
            The Content-Type Builder changes schemas only in development: start the server with <code>vellum develop</code>.
          </p>
        )}
        {phase === 'restarting' && (
          <p role="status" className="ctb-restart">
            Waiting for restart… The server is writing the schema files and restarting; the page reloads on its own.
          </p>
        )}
        {phase === 'saving' && <p role="status">Saving…</p>}
        {error && (
          <pre role="alert" className="error ctb-error">
            {error}
          </pre>
        )}
        {selected && (
          <>
            <p className="ctb-meta">
              <code>{selected.uid}</code>
              {selected.modelType === 'contentType' && ` · ${selected.kind === 'singleType' ? 'single type' : 'collection type'} · /api/${selected.kind === 'singleType' ? selected.singularName : selected.pluralName}`}
              {selected.modelType === 'contentType' && ` · draft & publish ${selected.draftAndPublish ? 'on' : 'off'}`}
              {selected.localized && ' · localized'}
            </p>
            {writable && idle && (
              <div className="toolbar">
                <Button onPress={() => setEditing({ kind: 'model', target: selected })}>Edit settings</Button>
                <Button onPress={() => setEditing({ kind: 'attribute' })}>Add another field</Button>
                <Button className="danger" onPress={() => setEditing({ kind: 'delete-model' })}>
                  {`Delete ${selected.displayName}`}
                </Button>
              </div>
            )}
            <table className="ctb-fields" aria-label={`Fields of ${selected.displayName}`}>
              <thead>
                <tr>
                  <th>Name</th>
                  <th>Type</th>
                  {writable && <th>Actions</th>}
                </tr>
              </thead>
              <tbody>
                {Object.entries(selected.attributes).map(([name, attribute]) => (
                  <tr key={name}>
                    <td>{name}</td>
                    <td>{describe(attribute)}</td>
                    {writable && (
                      <td>
                        {idle && (
                          <>
                        <Button onPress={() => setEditing({ kind: 'attribute', name })}>{`Edit ${name}`}</Button>
                            <Button className="danger" onPress={() => setEditing({ kind: 'delete-attribute', name })}>{`Delete ${name}`}</Button>
                          </>
                        )}
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </section>

      {editing?.kind === 'model' && (
        <ModelDialog
          target={editing.target}
          taken={taken}
          onCancel={() => setEditing(undefined)}
          onDone={(settings) => {
            const target = editing.target;
            setEditing(undefined);
            if ('uid' in target) return replace(target.uid, edited(target, settings));
            const uid = target.modelType === 'component' ? `${settings.category}.${slugOf(settings.displayName)}` : `api::${settings.singularName}.${settings.singularName}`;
            const kind = target.modelType === 'component' ? 'collectionType' : target.kind;
            setModels((current) => [...current, { ...settings, uid, modelType: target.modelType, kind, status: 'new', attributes: {} }]);
            select(uid);
          }}
        />
      )}
      {editing?.kind === 'attribute' && selected && (
        <AttributeDialog
          model={selected}
          editing={editing.name === undefined ? undefined : { name: editing.name, attribute: selected.attributes[editing.name]! }}
          contentTypes={contentTypes}
          pluginTargets={pluginTargets}
          components={components}
          onCancel={() => setEditing(undefined)}
          onDone={(name, attribute) => {
            const attributes = { ...selected.attributes };
            if (editing.name !== undefined && editing.name !== name) delete attributes[editing.name];
            attributes[name] = attribute;
            replace(selected.uid, edited(selected, { attributes }));
            setEditing(undefined);
          }}
        />
      )}
      {selected && (
        <ConfirmDialog
          isOpen={editing?.kind === 'delete-attribute'}
          message={editing?.kind === 'delete-attribute' ? `Delete the field ${editing.name} of ${selected.displayName}? Its values are dropped (the server refuses while entries hold values).` : ''}
          confirmLabel="Delete"
          onCancel={() => setEditing(undefined)}
          onConfirm={() => {
            if (editing?.kind !== 'delete-attribute') return;
            const attributes = { ...selected.attributes };
            delete attributes[editing.name];
            replace(selected.uid, edited(selected, { attributes }));
            setEditing(undefined);
          }}
        />
      )}
      {selected && (
        <ConfirmDialog
          isOpen={editing?.kind === 'delete-model'}
          message={`Delete ${selected.displayName} and its schema files? (The server refuses while entries exist.)`}
          confirmLabel="Delete"
          onCancel={() => setEditing(undefined)}
          onConfirm={() => {
            replace(selected.uid, selected.status === 'new' ? undefined : { ...selected, status: 'deleted' });
            setEditing(undefined);
            setParams({});
          }}
        />
      )}
    </main>
  );
}
