/** The route table: every /v1 endpoint, in the order of SPEC.md. */
import type { AnyRoute } from '../route';
import { analysisRoutes } from './analysis';
import { briefRoutes } from './brief';
import { economyRoutes } from './economy';
import { fuelRoutes } from './fuel';
import { measureRoutes } from './measures';
import { qualityRoutes } from './quality';
import { releaseRoutes } from './releases';
import { bulkRoutes } from './bulk';
import { referenceRoutes } from './reference';
import { rivalsRoutes } from './rivals';
import { seriesRoutes } from './series';
import { observationRoutes } from './observations';

export const ROUTES: AnyRoute[] = [
  ...referenceRoutes,
  ...rivalsRoutes,
  ...briefRoutes,
  ...measureRoutes,
  ...seriesRoutes,
  ...observationRoutes,
  ...analysisRoutes,
  ...qualityRoutes,
  ...releaseRoutes,
  ...bulkRoutes,
  ...fuelRoutes,
  ...economyRoutes,
];
