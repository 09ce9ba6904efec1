import { expect, it } from 'vitest';
import { isVisible, newestVisible, visibleFrom, visibleObservations } from '../../src/domain/visibility';

const now = new Date('2026-04-20T12:00:00Z');
// Hand-written fixture: March figure arrived 10 days ago, February 40 days ago.
const obs = [
  { period: '2026-01', value: 1, published: '2026-02-20T00:00:00Z' },
  { period: '2026-02', value: 2, published: '2026-03-11T00:00:00Z' },
  { period: '2026-03', value: 3, published: '2026-04-10T00:00:00Z' },
  { period: '2026-04', value: null, published: '2026-04-19T00:00:00Z' },
];

it('developer sees figures published more than 30 days ago; analyst sees all', () => {
  expect(visibleFrom('developer', now)).toBe('2026-03-21');
  expect(newestVisible(obs, visibleFrom('developer', now))?.period).toBe('2026-02');
  expect(newestVisible(obs, visibleFrom('analyst', now))?.period).toBe('2026-03');
  expect(newestVisible(obs, visibleFrom('intel', now))?.period).toBe('2026-03');
});

it('whole days: a figure published on 21 March is visible all day on 20 April, one of the 22nd is not', () => {
  const cutoff = visibleFrom('developer', new Date('2026-04-20T00:00:01Z'));
  expect(cutoff).toBe(visibleFrom('developer', new Date('2026-04-20T23:59:59Z')));
  expect(isVisible('2026-03-21T23:00:00.000Z', cutoff)).toBe(true);
  expect(isVisible('2026-03-21', cutoff)).toBe(true);
  expect(isVisible('2026-03-22T00:00:00.000Z', cutoff)).toBe(false);
});

it('a list keeps only visible figures, and is the same list when all are', () => {
  expect(visibleObservations(obs, '2026-03-21').map((o) => o.period)).toEqual(['2026-01', '2026-02']);
  expect(visibleObservations(obs, '2026-04-19')).toBe(obs);
  expect(visibleObservations(obs, null)).toBe(obs);
});
