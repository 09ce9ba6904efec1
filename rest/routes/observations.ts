/** Any series on a regular time axis with status and flags, as it stands or as it stood on a date; and its vintages. */
import { nullAbove } from '../route-run';
import { SeriesObservationsDocument, SeriesVintagesDocument } from '../../src/generated/operations';
import { snakeFields } from '../fields';
import { defineRoute } from '../route';
import type { SeriesBlock } from '../csv';
import { transformMeta, unitLabel } from './measures';
import { outputFreq, transformedUnit } from '../../src/domain/transform';
import { SourceList, withProvenance } from '../provenance';

export const observationRoutes = [
  defineRoute({
    path: '/v1/series/{id}/observations',
    summary: "Every period of any series with its status and the publisher's flags; withheld and unpublished periods have value null.",
    description:
      "The time axis is regular: every period from the first to the last in range at the series' frequency. " +
      'With as_of, the values as they stood on that date, rebuilt from the revision log (ALFRED-style vintages). ' +
      "With freq, aggregation and units, transformed with FRED's formulas (after as_of: the vintage is transformed as it stood).",
    params: {
      as_of: 'A date (YYYY-MM-DD): the values as they stood in the release current at its end (see /vintages).',
      provenance:
        "true adds where each figure comes from: meta.sources holds the series' source record once (publisher, table, file, official address, " +
        "the file's release date and how it was dated, published or derived and from what); each row adds source (its key in meta.sources), " +
        "published (the publisher's release date), dated_by (file, last-modified or calendar), kind (published or derived) and rule.",
      freq: "M, Q or A: the observations aggregated to this frequency when it is coarser than the series' (a period only when all its sub-periods are held).",
    },
    csv: 'rows',
    dataset: ({ data, meta }) => {
      const m = meta as { series: string; country: string; name: string; unit: string; freq: string };
      const block: SeriesBlock = { country: m.country, series: m.series, name: m.name, unit: m.unit, freq: m.freq, observations: data as SeriesBlock['observations'] };
      return { id: 'SERIES', label: m.name, blocks: [block] };
    },
    operation: SeriesObservationsDocument,
    shape: (r, p) => {
      const s = r.seriesById;
      if (!s) throw nullAbove('series');
      const meta = {
        series: s.id,
        alias: s.alias,
        country: s.countryIso,
        name: s.name,
        unit: transformedUnit(unitLabel(s), p.units),
        freq: outputFreq(s.freq, p.freq),
        as_of: p.as_of ?? null,
        ...transformMeta(p, p.freq, { measure: s.measure, unit: s.unit, freq: s.freq }),
      };
      const rows = s.timeline.map((o) => snakeFields(o));
      if (!p.provenance) return { meta, data: rows };
      // The source's record once in meta; each row names it and adds its own date and derivation
      // (none for a period a transformation made, which no single figure of the source is).
      const sources = new SourceList();
      const data = withProvenance(rows, s, sources);
      return { meta: { ...meta, sources: sources.meta() }, data };
    },
  }),
  defineRoute({
    path: '/v1/series/{id}/vintages',
    summary: 'The dates on which figures of a series arrived or were revised: the dates as_of can ask for.',
    csv: 'rows',
    operation: SeriesVintagesDocument,
    shape: (r, p) => {
      const s = r.seriesById;
      if (!s) throw nullAbove('series');
      return {
        meta: { series: s.id, alias: s.alias, country: s.countryIso, name: s.name },
        data: s.vintages.map((v) => snakeFields(v)),
      };
    },
  }),
];
