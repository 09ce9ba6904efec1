/**
 * `serve`: one process (WORKERS=1), or a node:cluster primary with WORKERS processes sharing the port.
 * The primary does the once-per-machine work (migrations and seeded keys before the workers start,
 * the rate counters when there is no Redis, following RELEASE_FROM, telling workers when CURRENT
 * changes, sending the webhook events of new releases, checking the publishers on REFRESH_SCHEDULE unless it follows RELEASE_FROM) and starts a
 * worker again when one dies. Workers only answer requests.
 */
import cluster, { type Worker } from 'node:cluster';
import { parseSeedKeys } from '../auth/keys-store';
import { parseRates } from '../auth/rate-limit';
import { serveClusterLimits } from './cluster-limits';
import type { Config } from './config';
import { ReleaseFollower } from '../db/release-share';
import { readReleaseLogFile } from '../db/release-log';
import { currentReleaseFile } from '../db/release-store';
import { startApp, type App } from './app';
import { createLogger, flushLogger, type Logger } from './logger';
import { startRefreshSchedule, type RefreshRunner } from './refresh-schedule';
import { openBus, openKeyStore, openSharedState } from './shared-state';
import { WebhookDispatcher } from './webhooks';

type Log = (line: string) => void;

/** The primary's word to its workers: CURRENT names another release. */
const RELEASE_MESSAGE = 'tourism:release-switched';

/** How to run a refresh round: the command line's script and the seed folder it was given. */
export interface RefreshCommand {
  cli: string;
  sources: string | undefined;
}

export async function serve(config: Config, refresh?: RefreshCommand): Promise<void> {
  const logger = createLogger();
  // Engines coming and going, workers restarting: worth a look, not faults of a request.
  const log: Log = (line) => logger.warn(line);
  if (cluster.isWorker) return runWorker(config, logger, log);
  // Replicas take published releases; the machine that builds them checks the publishers.
  const rounds = refresh && !config.releaseFrom ? scheduleRefresh(config, refresh, logger) : null;
  if (config.workers > 1) return runPrimary(config, logger, log, rounds);
  return runSingle(config, logger, log, rounds);
}

function scheduleRefresh(config: Config, command: RefreshCommand, logger: Logger): RefreshRunner {
  return startRefreshSchedule(config.refreshSchedule, command, {
    info: (line) => logger.info({ event: 'refresh_round' }, line),
    warn: (line) => logger.warn({ event: 'refresh_round' }, line),
  });
}

/** SIGTERM/SIGINT: stop accepting, answer what is in flight, exit 0 (1 if closing failed). */
function onStopSignal(logger: Logger, stop: () => Promise<void>): void {
  let stopping = false;
  const handler = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ event: 'shutdown', signal }, `${signal}: no new connections; answering the requests in flight`);
    stop().then(
      () => flushLogger(logger).then(() => process.exit(0)),
      (err: Error) => {
        logger.error({ event: 'shutdown_failed', err: err.message });
        void flushLogger(logger).then(() => process.exit(1));
      },
    );
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
}

/** Opens the release CURRENT names now; a failure is logged, and the store's own look every 2 s tries again. */
function switchRelease(app: App, log: Log): void {
  app.store.refresh().catch((err: Error) => log(`release: ${err.message}`));
}

function listening(logger: Logger, url: string, workers: number): void {
  logger.info({ event: 'listening', url, workers }, `Serving on ${url} (REST /v1, GraphQL /graphql, docs /docs; ${workers} ${workers === 1 ? 'process' : 'workers'})`);
}

async function runSingle(config: Config, logger: Logger, log: Log, rounds: RefreshRunner | null): Promise<void> {
  const shared = await openSharedState(config, { log, clusterWorker: false });
  const app = await startApp({ config, shared, logger, announceReleases: true });
  const follower = config.releaseFrom ? new ReleaseFollower(config.releaseFrom, config.dataDir, log, () => switchRelease(app, log)) : null;
  follower?.start();
  shared.bus?.on((a) => {
    if (a.topic !== 'release') return;
    if (follower) void follower.check();
    else switchRelease(app, log);
  });
  listening(logger, app.url, 1);
  onStopSignal(logger, async () => {
    rounds?.stop();
    follower?.stop();
    await app.close();
    await shared.close();
  });
}

async function runWorker(config: Config, logger: Logger, log: Log): Promise<void> {
  const shared = await openSharedState(config, { log, clusterWorker: !config.redisUrl });
  const app = await startApp({ config, shared, logger });
  process.on('message', (message: unknown) => {
    if (message === RELEASE_MESSAGE) switchRelease(app, log);
  });
  onStopSignal(logger, async () => {
    await app.close();
    await shared.close();
  });
}

async function runPrimary(config: Config, logger: Logger, log: Log, rounds: RefreshRunner | null): Promise<void> {
  // Once, before any worker: migrations and the seeded keys (workers then find them in place).
  const keys = await openKeyStore(config, { log, serve: false });
  for (const { plan, key } of parseSeedKeys(config.seedKeys)) await keys.seed(key, plan);
  await keys.close();
  if (!config.redisUrl) serveClusterLimits(parseRates(config.rates));

  // The workers answer requests; the primary alone sends the webhook events, so each is sent once.
  const webhooks = new WebhookDispatcher({ dataDir: config.dataDir, publicBaseUrl: config.publicBaseUrl, settings: config.webhooks, logger });
  const announce = (file: string | null) => {
    if (file) void webhooks.released(() => readReleaseLogFile(file));
  };
  let served = currentReleaseFile(config.dataDir);
  announce(served);
  const tellWorkers = () => {
    const now = currentReleaseFile(config.dataDir);
    if (now === served) return;
    served = now;
    for (const w of Object.values(cluster.workers ?? {})) w?.send(RELEASE_MESSAGE);
    announce(now);
  };
  // Workers also look at CURRENT by themselves; this makes them switch together, within half a second.
  setInterval(tellWorkers, 500).unref();
  const follower = config.releaseFrom ? new ReleaseFollower(config.releaseFrom, config.dataDir, log, tellWorkers) : null;
  follower?.start();
  const bus = openBus(config, log);
  bus?.on((a) => {
    if (a.topic === 'release') void (follower ? follower.check() : tellWorkers());
  });

  let stopping = false;
  cluster.on('exit', (worker: Worker, code: number | null, signal: string | null) => {
    if (stopping) return;
    log(`worker ${worker.process.pid} stopped (${signal ?? `exit ${code}`}); starting another`);
    setTimeout(() => cluster.fork(), 500).unref();
  });
  const port = new Promise<number>((resolve) => {
    let count = 0;
    cluster.on('listening', (_w: Worker, address: { port: number }) => {
      if (++count === config.workers) resolve(address.port);
    });
  });
  for (let i = 0; i < config.workers; i++) cluster.fork();
  listening(logger, `http://${config.host}:${await port}`, config.workers);

  onStopSignal(logger, async () => {
    stopping = true;
    rounds?.stop();
    follower?.stop();
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w));
    await Promise.all(
      workers.map(
        (w) =>
          new Promise<void>((resolve) => {
            w.once('exit', () => resolve());
            w.process.kill('SIGTERM');
          }),
      ),
    );
    webhooks.close();
    await bus?.close();
  });
}
