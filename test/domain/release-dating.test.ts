import { describe, expect, it } from 'vitest';
import { calendarDate, httpDateDay, newestPublication, publicationDate } from '../../src/domain/release-dating';

describe("a figure's publication date is the publisher's", () => {
  it("takes the file's own release date where it gives one and no calendar is known", () => {
    expect(publicationDate('2021', 'A', { publisher: 'UN Tourism', released: '2023-01-25' })).toEqual({ date: '2023-01-25', by: 'file' });
  });

  it("otherwise the end of the period plus the publisher's usual delay (Eurostat monthly: 2 months; ABS: 46 days)", () => {
    expect(publicationDate('2025-11', 'M', { publisher: 'Eurostat' })).toEqual({ date: '2026-02-01', by: 'calendar' });
    expect(publicationDate('2024', 'A', { publisher: 'Eurostat' })).toEqual({ date: '2025-07-01', by: 'calendar' });
    // ABS: June 2019 issue released on 15 August 2019.
    expect(calendarDate('2019-06', 'M', 'Australian Bureau of Statistics')).toBe('2019-08-16');
    expect(calendarDate('2025-12', 'M', 'Australian Bureau of Statistics')).toBe('2026-02-16');
  });

  it("a file's date bounds every figure in it; the calendar dates the older ones earlier", () => {
    // JNTO's file of 2017-04-21: March 2017 by the file (the calendar says 04-26), February by the calendar.
    expect(publicationDate('2017-03', 'M', { publisher: 'Japan National Tourism Organization', released: '2017-04-21' })).toEqual({ date: '2017-04-21', by: 'file' });
    expect(publicationDate('2017-02', 'M', { publisher: 'Japan National Tourism Organization', released: '2017-04-21' })).toEqual({ date: '2017-03-26', by: 'calendar' });
  });

  it("the publisher's Last-Modified bounds the figures of a copy fetched", () => {
    expect(publicationDate('2026-02', 'M', { publisher: 'Australian Bureau of Statistics', lastModified: '2026-04-10' })).toEqual({ date: '2026-04-10', by: 'last-modified' });
    expect(httpDateDay('Fri, 10 Apr 2026 01:30:00 GMT')).toBe('2026-04-10');
    expect(httpDateDay('not a date')).toBeNull();
  });

  it('nothing dates a figure of a publisher with no date and no calendar (the ingest test asserts none on the real files)', () => {
    expect(publicationDate('2020', 'A', { publisher: 'Somebody' })).toBeNull();
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
