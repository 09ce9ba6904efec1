import { expect, it } from 'vitest';
import { newestVisible, visibleFrom } from '../../src/domain/visibility';

const now = new Date('2026-04-20T12:00:00Z');
// Hand-written fixture: March figure arrived 10 days ago, February 40 days ago.
const obs = [
  { period: '2026-01', value: 1, published: '2026-02-20T00:00:00Z' },
  { period: '2026-02', value: 2, published: '2026-03-11T00:00:00Z' },
  { period: '2026-03', value: 3, published: '2026-04-10T00:00:00Z' },
  { period: '2026-04', value: null, published: '2026-04-19T00:00:00Z' },
];

it('developer sees figures published more than 30 days ago; analyst sees all', () => {
  expect(visibleFrom('developer', now)).toBe('2026-03-21T12:00:00.000Z');
  expect(newestVisible(obs, visibleFrom('developer', now))?.period).toBe('2026-02');
  expect(newestVisible(obs, visibleFrom('analyst', now))?.period).toBe('2026-03');
  expect(newestVisible(obs, visibleFrom('intel', now))?.period).toBe('2026-03');
});
