/** What every resolver gets: the caller's plan, the served release, "today" and the request's loaders. */
import type { Snapshot } from '../db/data-store';
import type { Prisma } from '../db/client';
import type { Plan } from '../domain/types';
import { createLoaders, type Loaders } from './loaders';

export interface GraphQLContext {
  plan: Plan;
  requestId: string;
  snapshot: Snapshot;
  prisma: Prisma;
  now: Date;
  publicBaseUrl: string;
  loaders: Loaders;
}

export function createContext(args: {
  plan: Plan;
  requestId: string;
  snapshot: Snapshot;
  now: Date;
  publicBaseUrl: string;
}): GraphQLContext {
  return { ...args, prisma: args.snapshot.prisma, loaders: createLoaders(args.snapshot) };
}
