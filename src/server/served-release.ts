/**
 * The release a service answers from: each switch logged and counted, announced to webhook
 * subscribers (where this process sends them), and its per-release figures warmed
 * (src/server/warm-up.ts) before the port opens and whenever a new release is opened.
 */
import path from 'node:path';
import type { DataStore } from '../db/data-store';
import { loggedReleases } from '../db/release-log';
import { createContext } from '../graphql/context';
import { startHolidayRules } from '../graphql/holiday-rules';
import { schema } from '../graphql/schema';
import type { Config } from './config';
import type { Logger } from './logger';
import type { Metrics } from './metrics';
import { ReleaseWarmUp } from './warm-up';
import { WebhookDispatcher } from './webhooks';

export function serveReleases(deps: { config: Config; store: DataStore; logger: Logger; log: (line: string) => void; metrics: Metrics; announce: boolean; warm: boolean }) {
  const { config, store, logger, log, metrics } = deps;
  const served = { release: null as string | null };
  store.onSwitch((snapshot) => {
    const release = path.basename(snapshot.file, '.db');
    logger.info(
      { event: 'release_switch', release, previous: served.release, data_version: snapshot.dataVersion, data_as_of: snapshot.dataAsOf },
      `serving release ${release}`,
    );
    metrics.releaseServed(snapshot, release);
    served.release = release;
  });
  const webhooks = deps.announce ? new WebhookDispatcher({ dataDir: config.dataDir, publicBaseUrl: config.publicBaseUrl, settings: config.webhooks, logger }) : null;
  // Whatever built the release (an ingest, a refresh round, a release taken from RELEASE_FROM), its switch is what announces it.
  store.onSwitch((snapshot) => void webhooks?.released(() => loggedReleases(snapshot)));
  // What a release computes once is computed when it is opened; the holiday rules' worker is started with the service.
  if (deps.warm) startHolidayRules();
  const warmUp = new ReleaseWarmUp(
    schema,
    deps.warm ? (snapshot) => createContext({ plan: 'intel', requestId: 'req_warmup', snapshot, now: config.now(), publicBaseUrl: config.publicBaseUrl, log }) : null,
    log,
  );
  store.onSwitch((snapshot) => warmUp.switched(snapshot));
  return {
    webhooks,
    warmUp,
    /** The file name of the release served now. */
    get release(): string | null {
      return served.release;
    },
  };
}
