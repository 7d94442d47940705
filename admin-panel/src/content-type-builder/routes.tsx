/** The Content-Type Builder at Strapi's URL `/plugins/content-type-builder` (placeholder until its page lands). */
import type { RouteObject } from 'react-router';
import { NotYetPage } from '../layout/NotYetPage';

export const contentTypeBuilderRoutes: RouteObject[] = [
  { path: 'plugins/content-type-builder', element: <NotYetPage title="Content-Type Builder">{null}</NotYetPage> },
];
