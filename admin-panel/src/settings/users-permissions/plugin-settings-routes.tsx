/** Users & Permissions plugin settings: Email templates and Advanced settings (Strapi 5's URLs). */
import type { RouteObject } from 'react-router';
import { AdvancedSettingsPage } from './AdvancedSettingsPage';
import { EmailTemplatesPage } from './EmailTemplatesPage';

export const pluginSettingsRoutes: RouteObject[] = [
  { path: 'users-permissions/email-templates', element: <EmailTemplatesPage /> },
  { path: 'users-permissions/advanced-settings', element: <AdvancedSettingsPage /> },
];
