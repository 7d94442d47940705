/** Settings → Internationalization: the project's locales (LocalesPage). */
import type { RouteObject } from 'react-router';
import { LocalesPage } from './LocalesPage';

export const internationalizationRoutes: RouteObject[] = [{ path: 'internationalization', element: <LocalesPage /> }];
