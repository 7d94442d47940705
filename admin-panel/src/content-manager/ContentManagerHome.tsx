/** The content manager's entry: a link per content type the user may read, named by its display name. */
import { Link } from 'react-router';
import { CM_ACTIONS, usePermissions } from '../auth/queries';
import { ErrorMessage } from '../ui/ErrorMessage';
import { useContentManagerInit } from './queries';
import type { ContentTypeInfo } from '../api/types';

function TypeLinks({ title, types, kind }: { title: string; types: readonly ContentTypeInfo[]; kind: 'collection-types' | 'single-types' }) {
  if (types.length === 0) return null;
  return (
    <section>
      <h2>{title}</h2>
      <ul className="type-list">
        {types.map((type) => (
          <li key={type.uid}>
            <Link to={`/content-manager/${kind}/${type.uid}`}>{type.info.displayName}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function ContentManagerHome() {
  const init = useContentManagerInit();
  const permissions = usePermissions();
  const readable = (init.data?.contentTypes ?? []).filter((type) => type.isDisplayed && permissions.can(CM_ACTIONS.read, type.uid));
  return (
    <main>
      <h1>Content Manager</h1>
      <ErrorMessage error={init.error} />
      {init.isSuccess && permissions.ready && readable.length === 0 ? <p>No content type you may read.</p> : null}
      <TypeLinks title="Collection types" kind="collection-types" types={readable.filter((type) => type.kind === 'collectionType')} />
      <TypeLinks title="Single types" kind="single-types" types={readable.filter((type) => type.kind === 'singleType')} />
    </main>
  );
}
