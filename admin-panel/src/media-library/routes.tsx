/** The Media Library at Strapi's URL `/plugins/upload` (placeholder until its page lands). */
import type { RouteObject } from 'react-router';
import { NotYetPage } from '../layout/NotYetPage';

export const mediaLibraryRoutes: RouteObject[] = [{ path: 'plugins/upload', element: <NotYetPage title="Media Library">{null}</NotYetPage> }];
