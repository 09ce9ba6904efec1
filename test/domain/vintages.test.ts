import { describe, expect, it } from 'vitest';
import { nextPeriod } from '../../src/domain/periods';
import { observationsAsOf, regularAxis, vintages, type DatedObservation, type LoggedRevision } from '../../src/domain/vintages';

// A monthly series as a later release holds it: January arrived on 1 March, February on 1 April,
// March (withheld) on 1 May. January was revised twice: 100 → 110 on 15 April, 110 → 112 on 20 May.
const observations: DatedObservation[] = [
  { period: '2024-01', value: 112, status: 'published', flags: '', published: '2024-03-01T06:00:00.000Z' },
  { period: '2024-02', value: 95, status: 'provisional', flags: 'p', published: '2024-04-01T06:00:00.000Z' },
  { period: '2024-03', value: null, status: 'withheld', flags: 'c', published: '2024-05-01T06:00:00.000Z' },
];
const revisions: LoggedRevision[] = [
  { period: '2024-01', oldValue: 110, oldStatus: 'provisional', newRelease: '20240520T060000Z' },
  { period: '2024-01', oldValue: 100, oldStatus: 'estimated', newRelease: '20240415T060000Z' },
];

describe('observationsAsOf', () => {
  it('leaves out figures that had not arrived and undoes revisions made after the date', () => {
    expect(observationsAsOf(observations, revisions, '2024-02-29')).toEqual([]);
    expect(observationsAsOf(observations, revisions, '2024-03-01')).toEqual([
      { period: '2024-01', value: 100, status: 'estimated', flags: null },
    ]);
    expect(observationsAsOf(observations, revisions, '2024-04-30')).toEqual([
      { period: '2024-01', value: 110, status: 'provisional', flags: null },
      { period: '2024-02', value: 95, status: 'provisional', flags: 'p' },
    ]);
  });
  it('counts a release on the date itself, and gives today’s values after the last change', () => {
    expect(observationsAsOf(observations, revisions, '2024-04-15')[0].value).toBe(110);
    expect(observationsAsOf(observations, revisions, '2024-05-20')).toEqual(
      observations.map(({ published: _p, ...o }) => o),
    );
  });
});

describe('regularAxis', () => {
  it('fills the periods missing between the first and the last with nulls', () => {
    const axis = regularAxis([
      { period: '2023-11', value: 1, status: 'published', flags: '' },
      { period: '2024-02', value: 2, status: 'published', flags: '' },
    ]);
    expect(axis.map((p) => p.period)).toEqual(['2023-11', '2023-12', '2024-01', '2024-02']);
    expect(axis[1]).toEqual({ period: '2023-12', value: null, status: null, flags: null });
    expect(regularAxis([{ period: '2019-Q4', value: 1, status: 'published', flags: '' }, { period: '2020-Q2', value: 2, status: 'published', flags: '' }]).map((p) => p.period)).toEqual(['2019-Q4', '2020-Q1', '2020-Q2']);
    expect(regularAxis([])).toEqual([]);
  });
  it('steps each frequency', () => {
    expect([nextPeriod('2019-12'), nextPeriod('2019-Q4'), nextPeriod('2019-Q1'), nextPeriod('2019')]).toEqual(['2020-01', '2020-Q1', '2019-Q2', '2020']);
  });
});

describe('vintages', () => {
  it('lists the dates figures arrived or were revised, oldest first', () => {
    expect(vintages(observations, revisions)).toEqual([
      { date: '2024-03-01', newPoints: 1, revisedPoints: 0 },
      { date: '2024-04-01', newPoints: 1, revisedPoints: 0 },
      { date: '2024-04-15', newPoints: 0, revisedPoints: 1 },
      { date: '2024-05-01', newPoints: 1, revisedPoints: 0 },
      { date: '2024-05-20', newPoints: 0, revisedPoints: 1 },
    ]);
  });
});
