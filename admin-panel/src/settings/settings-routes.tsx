/**
 * The settings pages, one route module per section (each section's folder owns its pages); the
 * paths are relative to `/settings`.
 */
import type { RouteObject } from 'react-router';
import { adminUsersRoutes } from './admin-users/routes';
import { apiTokensRoutes } from './api-tokens/routes';
import { internationalizationRoutes } from './internationalization/routes';
import { SettingsHome, SettingsLayout } from './SettingsLayout';
import { transferTokensRoutes } from './transfer-tokens/routes';
import { usersPermissionsRoutes } from './users-permissions/routes';
import { pluginSettingsRoutes } from './users-permissions/plugin-settings-routes';
import { webhooksRoutes } from './webhooks/routes';

export const settingsRoute: RouteObject = {
  path: 'settings',
  element: <SettingsLayout />,
  children: [
    { index: true, element: <SettingsHome /> },
    ...apiTokensRoutes,
    ...internationalizationRoutes,
    ...transferTokensRoutes,
    ...webhooksRoutes,
    ...adminUsersRoutes,
    ...usersPermissionsRoutes,
    ...pluginSettingsRoutes,
  ],
};
