/** The route table: every /v1 endpoint. */
import type { Route } from '../route';
import { referenceRoutes } from './reference';

export const ROUTES: Route<any, any>[] = [...referenceRoutes];
