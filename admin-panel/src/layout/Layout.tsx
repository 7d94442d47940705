/** The signed-in frame: main navigation ("Content Manager", "Media Library", "Settings"), the user and Logout. */
import { Button } from 'react-aria-components';
import { NavLink, Outlet } from 'react-router';
import { useMe } from '../auth/queries';
import { useSession } from '../auth/session';
import { useAdminInformation } from '../content-type-builder/api';

export function Layout() {
  const session = useSession();
  const me = useMe();
  // the builder writes schemas only under `vellum develop`: shown there only
  const information = useAdminInformation();
  const name = me.data ? [me.data.firstname, me.data.lastname].filter(Boolean).join(' ') || me.data.email : '';
  return (
    <div className="app">
      <header className="topbar">
        <NavLink to="/" className="brand" end>
          Vellum
        </NavLink>
        <nav aria-label="Main">
          <NavLink to="/content-manager">Content Manager</NavLink>
          <NavLink to="/plugins/upload">Media Library</NavLink>
          {information.data?.autoReload === true && <NavLink to="/plugins/content-type-builder">Content-Type Builder</NavLink>}
          <NavLink to="/settings">Settings</NavLink>
        </nav>
        <div className="user">
          <span>{name}</span>
          <Button onPress={() => void session.logout()}>Logout</Button>
        </div>
      </header>
      <div className="content">
        <Outlet />
      </div>
    </div>
  );
}
