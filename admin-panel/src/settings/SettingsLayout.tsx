/**
 * Settings: Strapi 5's sections and URLs (`/settings/api-tokens`, `/settings/roles`,
 * `/settings/users-permissions/roles`, …), so an editor who knows Strapi finds each page where it
 * was. Two "Roles" links, as in Strapi: the administration panel's and the Users & Permissions
 * plugin's; each group is a navigation landmark named by its heading.
 */
import { NavLink, Outlet } from 'react-router';

interface SettingsLink {
  readonly to: string;
  readonly label: string;
}

const GROUPS: readonly { title: string; links: readonly SettingsLink[] }[] = [
  {
    title: 'Global settings',
    links: [
      { to: '/settings/api-tokens', label: 'API Tokens' },
      { to: '/settings/internationalization', label: 'Internationalization' },
      { to: '/settings/transfer-tokens', label: 'Transfer Tokens' },
      { to: '/settings/webhooks', label: 'Webhooks' },
    ],
  },
  {
    title: 'Administration panel',
    links: [
      { to: '/settings/roles', label: 'Roles' },
      { to: '/settings/users', label: 'Users' },
    ],
  },
  {
    title: 'Users & Permissions plugin',
    links: [
      { to: '/settings/users-permissions/roles', label: 'Roles' },
      { to: '/settings/users-permissions/email-templates', label: 'Email templates' },
      { to: '/settings/users-permissions/advanced-settings', label: 'Advanced settings' },
    ],
  },
];

export function SettingsLayout() {
  return (
    <div className="settings">
      <aside className="settings-nav">
        <h1 className="settings-title">Settings</h1>
        {GROUPS.map((group) => (
          <nav key={group.title} aria-labelledby={`settings-${slug(group.title)}`}>
            <h2 id={`settings-${slug(group.title)}`}>{group.title}</h2>
            <ul>
              {group.links.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to}>{link.label}</NavLink>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </aside>
      <div className="settings-page">
        <Outlet />
      </div>
    </div>
  );
}

export function SettingsHome() {
  return (
    <main>
      <h1>Settings</h1>
      <p>Pick a section on the left.</p>
    </main>
  );
}

const slug = (text: string): string => text.toLowerCase().replace(/[^a-z0-9]+/g, '-');
