import { describe, expect, it } from 'vitest';
import { noFigureNote, noMeasureSeriesNote } from '../../src/domain/measure-notes';

describe('measure notes', () => {
  it('names the measure, the frequency asked and the country when no series is held', () => {
    expect(noMeasureSeriesNote('spend', 'Thailand')).toBe('No spend series is held for Thailand.');
    expect(noMeasureSeriesNote('arrivals', 'Spain', 'Q')).toBe('No arrivals series with frequency Q is held for Spain.');
  });

  it('says a window holds no figure, with the ends asked and the span the series runs over', () => {
    const series = { name: 'Thailand: inbound arrivals', first: '1995', last: '2021' };
    expect(noFigureNote(series, { from: '2023' }, false)).toBe('Thailand: inbound arrivals has no figure between 2023 and its end; it runs from 1995 to 2021.');
    expect(noFigureNote(series, { to: '1990' }, false)).toBe('Thailand: inbound arrivals has no figure between its start and 1990; it runs from 1995 to 2021.');
    expect(noFigureNote(series, { from: '2022', to: '2022-06' }, false)).toBe(
      'Thailand: inbound arrivals has no figure between 2022 and 2022-06; it runs from 1995 to 2021.',
    );
  });

  it('says nothing when the window holds a figure or no window is asked', () => {
    const series = { name: 'x', first: '2000', last: '2020' };
    expect(noFigureNote(series, { from: '2019' }, true)).toBeNull();
    expect(noFigureNote(series, { from: '2021' }, false, true)).toBe(
      'x has no figure between 2021 and its end visible on this plan yet (developer keys see figures published more than 30 days ago); it runs from 2000 to 2020.',
    );
    expect(noFigureNote(series, {}, false)).toBeNull();
    expect(noFigureNote(series, { from: null, to: null }, false)).toBeNull();
  });
});
