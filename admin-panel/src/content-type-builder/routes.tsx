/** The Content-Type Builder at Strapi's URL `/plugins/content-type-builder` (BuilderPage.tsx). */
import type { RouteObject } from 'react-router';
import { BuilderPage } from './BuilderPage';

export const contentTypeBuilderRoutes: RouteObject[] = [{ path: 'plugins/content-type-builder', element: <BuilderPage /> }];
