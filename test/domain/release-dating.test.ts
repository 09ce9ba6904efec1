import { describe, expect, it } from 'vitest';
import { firstLoadPublished } from '../../src/domain/release-dating';

const LOAD = '2026-04-20T06:00:00.000Z';

describe('first-load dating of figures', () => {
  it("takes the file's own release date where it gives one", () => {
    expect(firstLoadPublished('2021', 'A', { publisher: 'UN Tourism', released: '2023-01-25' }, LOAD)).toBe('2023-01-25T00:00:00.000Z');
  });

  it("otherwise the end of the period plus the publisher's usual delay (Eurostat monthly: 2 months)", () => {
    expect(firstLoadPublished('2025-11', 'M', { publisher: 'Eurostat' }, LOAD)).toBe('2026-02-01T00:00:00.000Z');
    expect(firstLoadPublished('2024', 'A', { publisher: 'Eurostat' }, LOAD)).toBe('2025-07-01T00:00:00.000Z');
  });

  it('is never later than the load, and a publisher without a known delay is dated by the load', () => {
    expect(firstLoadPublished('2026-03', 'M', { publisher: 'Eurostat' }, LOAD)).toBe(LOAD);
    expect(firstLoadPublished('2020', 'A', { publisher: 'Somebody' }, LOAD)).toBe(LOAD);
    expect(firstLoadPublished('2021', 'A', { publisher: 'X', released: '2027-01-01' }, LOAD)).toBe(LOAD);
  });
});
