/** The route table: every /v1 endpoint. */
import type { Route } from '../route';
import { measureRoutes } from './measures';
import { referenceRoutes } from './reference';
import { seriesRoutes } from './series';

export const ROUTES: Route<any, any>[] = [
  ...referenceRoutes,
  ...measureRoutes,
  ...seriesRoutes,
];
