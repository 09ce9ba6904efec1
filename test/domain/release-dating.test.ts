import { describe, expect, it } from 'vitest';
import { firstLoadPublished, newestPublication } from '../../src/domain/release-dating';

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

describe('newest publication of a series', () => {
  it('is the latest date among figures with a value, whatever their periods', () => {
    const points = [
      { value: 10, published: '2023-11-24T00:00:00.000Z' },
      // A revision keeps its first date; an older period may have arrived later.
      { value: 12, published: '2024-03-01T06:00:00.000Z' },
      { value: 11, published: '2024-01-25T00:00:00.000Z' },
      // A withheld figure brings no value to cite.
      { value: null, published: '2024-06-01T00:00:00.000Z' },
    ];
    expect(newestPublication(points)).toBe('2024-03-01');
  });

  it('is null for a series without a value', () => {
    expect(newestPublication([{ value: null, published: '2024-06-01T00:00:00.000Z' }])).toBeNull();
    expect(newestPublication([])).toBeNull();
  });
});
