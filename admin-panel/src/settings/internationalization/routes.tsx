/** Internationalization (placeholder until its page lands). */
import type { RouteObject } from 'react-router';
import { NotYetPage } from '../../layout/NotYetPage';

export const internationalizationRoutes: RouteObject[] = [
  { path: 'internationalization', element: <NotYetPage title="Internationalization">{null}</NotYetPage> },
];
