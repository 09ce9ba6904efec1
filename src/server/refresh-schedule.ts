/**
 * When `serve` checks the publishers (REFRESH_SCHEDULE): `daily` (the default, at 00:00 UTC, when
 * answers' Cache-Control expects a new load), `daily@HH:MM` (UTC), `hourly`, an interval such as
 * `30m`, `6h` or `90s` (from the start, then after each round), or `off`. Each round runs the
 * `refresh` command in a process of its own, so parsing never holds a request, and a round still
 * running when the next is due makes that one wait for the following time.
 */
import { spawn } from 'node:child_process';

export type RefreshSchedule = { kind: 'off' } | { kind: 'daily'; minute: number } | { kind: 'every'; ms: number };

const UNITS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

export function parseSchedule(text: string | undefined): RefreshSchedule {
  const t = (text ?? '').trim().toLowerCase();
  if (t === '' || t === 'daily') return { kind: 'daily', minute: 0 };
  if (t === 'off') return { kind: 'off' };
  if (t === 'hourly') return { kind: 'every', ms: UNITS.h };
  const at = /^daily@([01]\d|2[0-3]):([0-5]\d)$/.exec(t);
  if (at) return { kind: 'daily', minute: Number(at[1]) * 60 + Number(at[2]) };
  const every = /^(\d+)(s|m|h|d)$/.exec(t);
  if (every && Number(every[1]) > 0) return { kind: 'every', ms: Number(every[1]) * UNITS[every[2]] };
  throw new Error(`REFRESH_SCHEDULE must be daily, daily@HH:MM (UTC), hourly, an interval such as 30m, 6h or 90s, or off: ${text}`);
}

export function describeSchedule(s: RefreshSchedule): string {
  if (s.kind === 'off') return 'off';
  if (s.kind === 'every') return `every ${s.ms / 1000} s`;
  return `daily at ${String(Math.floor(s.minute / 60)).padStart(2, '0')}:${String(s.minute % 60).padStart(2, '0')} UTC`;
}

/** The next time a round is due after `after` (for an interval: after the last round started). */
export function nextRound(s: Exclude<RefreshSchedule, { kind: 'off' }>, after: Date): Date {
  if (s.kind === 'every') return new Date(after.getTime() + s.ms);
  const day = Date.UTC(after.getUTCFullYear(), after.getUTCMonth(), after.getUTCDate());
  const today = day + s.minute * 60_000;
  return new Date(today > after.getTime() ? today : today + 86_400_000);
}

export interface RefreshRunner {
  stop: () => void;
}

/**
 * Runs `node <cli> refresh [--sources DIR]` at every time the schedule gives; `log` hears each
 * round's start and a round that did not end cleanly (the round logs its own lines).
 */
export function startRefreshSchedule(
  schedule: RefreshSchedule,
  command: { cli: string; sources: string | undefined },
  log: { info: (line: string) => void; warn: (line: string) => void },
): RefreshRunner {
  if (schedule.kind === 'off') return { stop: () => {} };
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  let child: ReturnType<typeof spawn> | null = null;
  const plan = (from: Date) => {
    if (stopped) return;
    const at = nextRound(schedule, from);
    timer = setTimeout(run, Math.max(0, at.getTime() - Date.now()));
    timer.unref();
  };
  const run = () => {
    const started = new Date();
    log.info(`refresh round started (${describeSchedule(schedule)})`);
    const args = [command.cli, 'refresh', ...(command.sources ? ['--sources', command.sources] : [])];
    child = spawn(process.execPath, args, { stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', (err) => log.warn(`refresh round could not start: ${err.message}`));
    child.on('exit', (code, signal) => {
      child = null;
      if (code !== 0) log.warn(`refresh round ended ${signal ? `by ${signal}` : `with exit ${code}`}: see /v1/status for the sources that failed`);
      plan(schedule.kind === 'every' ? started : new Date());
    });
  };
  plan(new Date());
  return {
    stop: () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      child?.kill('SIGTERM');
    },
  };
}
