/**
 * The Media Library at Strapi's URL `/plugins/upload` (MediaLibraryPage.tsx), its own chunk:
 * the virtual grid and the dialogs load when the page is opened, not with the first screen.
 */
import type { RouteObject } from 'react-router';

export const mediaLibraryRoutes: RouteObject[] = [
  { path: 'plugins/upload', lazy: () => import('./MediaLibraryPage').then((module) => ({ Component: module.default })) },
];
