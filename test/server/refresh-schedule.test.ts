import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { describeSchedule, nextRound, parseSchedule } from '../../src/server/refresh-schedule';
import { laterPeriod } from '../../src/ingest/period-reached';

describe('REFRESH_SCHEDULE', () => {
  it('reads daily (the default), daily@HH:MM, hourly, intervals and off', () => {
    expect(parseSchedule(undefined)).toEqual({ kind: 'daily', minute: 0 });
    expect(parseSchedule('daily@06:30')).toEqual({ kind: 'daily', minute: 390 });
    expect(parseSchedule('hourly')).toEqual({ kind: 'every', ms: 3_600_000 });
    expect(parseSchedule('30m')).toEqual({ kind: 'every', ms: 1_800_000 });
    expect(parseSchedule('OFF')).toEqual({ kind: 'off' });
    expect(describeSchedule(parseSchedule('daily@06:30'))).toBe('daily at 06:30 UTC');
  });

  it('refuses what it cannot read, saying what it takes', () => {
    for (const bad of ['weekly', 'daily@25:00', '0h', '5 minutes']) expect(() => parseSchedule(bad)).toThrow(/REFRESH_SCHEDULE must be/);
    expect(() => loadConfig({ REFRESH_SCHEDULE: 'sometimes' })).toThrow(/REFRESH_SCHEDULE/);
    expect(() => loadConfig({ TOURISM_PUBLISHER_MIRROR: 'ftp://mirror' })).toThrow(/TOURISM_PUBLISHER_MIRROR/);
    expect(() => loadConfig({ EXECUTION_BUDGET_MS: '0' })).toThrow(/EXECUTION_BUDGET_MS/);
  });

  it('gives the next round: today at the minute when still ahead, else tomorrow; an interval after the last start', () => {
    const daily = { kind: 'daily', minute: 390 } as const;
    expect(nextRound(daily, new Date('2026-04-20T05:00:00Z')).toISOString()).toBe('2026-04-20T06:30:00.000Z');
    expect(nextRound(daily, new Date('2026-04-20T06:30:00Z')).toISOString()).toBe('2026-04-21T06:30:00.000Z');
    expect(nextRound({ kind: 'every', ms: 60_000 }, new Date('2026-04-20T05:00:00Z')).toISOString()).toBe('2026-04-20T05:01:00.000Z');
  });
});

describe('the period a source reaches', () => {
  it('is the later-ending period: a year ends after its months, dates compare as dates', () => {
    expect(laterPeriod('2024-08', '2024')).toBe('2024');
    expect(laterPeriod('2025-01', '2024')).toBe('2025-01');
    expect(laterPeriod('2024-Q3', '2024-08')).toBe('2024-Q3');
    expect(laterPeriod(null, '2021')).toBe('2021');
    expect(laterPeriod('2026-04-17', '2026-04-02')).toBe('2026-04-17');
  });
});
