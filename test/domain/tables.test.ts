import { describe, expect, it } from 'vitest';
import { summariseTables, type TableInfo } from '../../src/domain/tables';

const table = (code: string): TableInfo => ({ code, title: `Title ${code}`, publisher: `Publisher ${code}`, url: `https://example.org/${code}` });

describe('summariseTables', () => {
  it('counts each table its series, their widest span and measures, in the order of the tables', () => {
    const summaries = summariseTables(
      [table('a'), table('b'), table('c')],
      [
        { tableCode: 'b', measure: 'nights', first: '2010-01', last: '2024-06' },
        { tableCode: 'a', measure: 'arrivals', first: '1995', last: '2023' },
        // A year ends in December: 2009 reaches 2009-12, past 2009-11, and 2025-03 past 2024.
        { tableCode: 'b', measure: 'arrivals', first: '2009', last: '2025-03' },
        { tableCode: 'b', measure: 'nights', first: '2009-11', last: '2024' },
      ],
    );
    expect(summaries).toEqual([
      { table: 'a', title: 'Title a', publisher: 'Publisher a', url: 'https://example.org/a', series: 1, first: '1995', last: '2023', measures: ['arrivals'] },
      // first: 2009-11 (ends 2009-11) before 2009 (ends 2009-12); measures sorted, each once.
      { table: 'b', title: 'Title b', publisher: 'Publisher b', url: 'https://example.org/b', series: 3, first: '2009-11', last: '2025-03', measures: ['arrivals', 'nights'] },
    ]);
  });

  it('chooses between periods ending in the same month by their text, whatever the order of the series', () => {
    const series = [
      { tableCode: 'q', measure: 'arrivals', first: '2020-Q1', last: '2024-Q4' },
      { tableCode: 'q', measure: 'arrivals', first: '2020-03', last: '2024-12' },
    ];
    const forward = summariseTables([table('q')], series);
    const backward = summariseTables([table('q')], [...series].reverse());
    // 2020-03 and 2020-Q1 both end in March 2020: the text orders "2020-03" first and "2024-Q4" last.
    expect(forward[0]).toMatchObject({ first: '2020-03', last: '2024-Q4' });
    expect(backward).toEqual(forward);
  });
});
