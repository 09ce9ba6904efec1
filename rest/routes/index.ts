/** The route table: every /v1 endpoint. */
import type { Route } from '../route';
import { analysisRoutes } from './analysis';
import { measureRoutes } from './measures';
import { economyRoutes } from './economy';
import { fuelRoutes } from './fuel';
import { qualityRoutes } from './quality';
import { referenceRoutes } from './reference';
import { rivalsRoutes } from './rivals';
import { seriesRoutes } from './series';

export const ROUTES: Route<any, any>[] = [
  ...referenceRoutes,
  ...fuelRoutes,
  ...economyRoutes,
  ...rivalsRoutes,
  ...analysisRoutes,
  ...measureRoutes,
  ...seriesRoutes,
  ...qualityRoutes,
];
