/**
 * Loads a release file into a PostgreSQL database for the GraphQL benchmark's peer (PostGraphile):
 * countries, series and observations with the same keys and relations, each observation with the
 * first and last month it covers (indexed), so a period range is an index range on both sides. The
 * tables are logged: PostGraphile leaves unlogged tables out of its schema.
 */
import Database from 'better-sqlite3';
import pg from 'pg';
import { firstMonthOf, lastMonthOf, monthPeriod, parsePeriod } from '../domain/periods';

export const PG_SCHEMA = 'tourism';
/** The tables' layout: a schema loaded with another layout is loaded again, whatever its data version. */
const LAYOUT = 2;

const DDL = `
DROP SCHEMA IF EXISTS ${PG_SCHEMA} CASCADE;
CREATE SCHEMA ${PG_SCHEMA};
CREATE TABLE ${PG_SCHEMA}.loaded_release (data_version text NOT NULL, layout int NOT NULL);
CREATE TABLE ${PG_SCHEMA}.country (
  iso text PRIMARY KEY, iso3 text NOT NULL UNIQUE, m49 text, name text NOT NULL, currency text,
  region_slug text, monthly boolean NOT NULL, first text, latest text, measures text NOT NULL
);
CREATE TABLE ${PG_SCHEMA}.series (
  id text PRIMARY KEY, alias text NOT NULL UNIQUE, country_iso text NOT NULL REFERENCES ${PG_SCHEMA}.country(iso),
  measure text NOT NULL, breakdown text, member text, freq text NOT NULL, unit text NOT NULL, currency text,
  scale text, table_code text NOT NULL, headline boolean NOT NULL, derived boolean NOT NULL,
  first text NOT NULL, last text NOT NULL, points int NOT NULL, latest_value double precision, updated text NOT NULL
);
CREATE INDEX ON ${PG_SCHEMA}.series (country_iso, measure);
-- PostGraphile offers conditions on indexed columns only.
CREATE INDEX ON ${PG_SCHEMA}.series (measure);
CREATE INDEX ON ${PG_SCHEMA}.series (headline);
CREATE TABLE ${PG_SCHEMA}.observation (
  series_id text NOT NULL REFERENCES ${PG_SCHEMA}.series(id), period text NOT NULL, value double precision,
  status text NOT NULL, flags text NOT NULL, published text NOT NULL, first_month text NOT NULL, last_month text NOT NULL
);
-- A series' observations within [from_month, to_month] (either may be null), oldest first.
CREATE FUNCTION ${PG_SCHEMA}.series_observations_within(s ${PG_SCHEMA}.series, from_month text, to_month text)
RETURNS SETOF ${PG_SCHEMA}.observation AS $$
  SELECT * FROM ${PG_SCHEMA}.observation o
  WHERE o.series_id = s.id AND (from_month IS NULL OR o.first_month >= from_month) AND (to_month IS NULL OR o.last_month <= to_month)
  ORDER BY o.period
$$ LANGUAGE sql STABLE;
`;

type Row = Record<string, unknown>;

/**
 * One INSERT per table: each column sent as one array and unnested by the server, so parsing and
 * planning happen once rather than once per 30,000 parameters.
 */
async function insertAll(client: pg.Client, table: string, columns: [name: string, type: string][], rows: unknown[][]): Promise<void> {
  const arrays = columns.map((_, i) => rows.map((row) => row[i]));
  const unnest = columns.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ');
  await client.query(`INSERT INTO ${PG_SCHEMA}.${table} (${columns.map(([name]) => name).join(',')}) SELECT * FROM unnest(${unnest})`, arrays);
}

/**
 * Creates the database when absent and loads the release into its `tourism` schema, unless that
 * schema already holds this release's data version.
 */
export async function loadReleaseIntoPostgres(releaseFile: string, connectionString: string): Promise<{ observations: number; reused: boolean }> {
  const url = new URL(connectionString);
  const database = url.pathname.slice(1);
  const admin = new pg.Client({ connectionString: Object.assign(new URL(connectionString), { pathname: '/postgres' }).toString() });
  await admin.connect();
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
  if (exists.rowCount === 0) await admin.query(`CREATE DATABASE "${database.replace(/"/g, '')}"`);
  await admin.end();

  const sqlite = new Database(releaseFile, { readonly: true });
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const { data_version: version } = sqlite.prepare("SELECT value AS data_version FROM Meta WHERE key = 'data_version'").get() as { data_version: string };
    const existing = await client
      .query(`SELECT data_version, layout FROM ${PG_SCHEMA}.loaded_release`)
      .then((r) => r.rows[0] as { data_version: string; layout: number } | undefined)
      .catch(() => undefined);
    if (existing?.data_version === version && existing.layout === LAYOUT) {
      const count = await client.query(`SELECT count(*)::int AS n FROM ${PG_SCHEMA}.observation`);
      return { observations: count.rows[0].n, reused: true };
    }
    await client.query('BEGIN');
    await client.query(DDL);
    const countries = sqlite.prepare('SELECT * FROM Country').all() as Row[];
    await insertAll(
      client,
      'country',
      [['iso', 'text'], ['iso3', 'text'], ['m49', 'text'], ['name', 'text'], ['currency', 'text'], ['region_slug', 'text'], ['monthly', 'boolean'], ['first', 'text'], ['latest', 'text'], ['measures', 'text']],
      countries.map((c) => [c.iso, c.iso3, c.m49, c.name, c.currency, c.regionSlug, Boolean(c.monthly), c.first, c.latest, c.measures]),
    );
    const series = sqlite.prepare('SELECT * FROM Series').all() as Row[];
    await insertAll(
      client,
      'series',
      [
        ['id', 'text'], ['alias', 'text'], ['country_iso', 'text'], ['measure', 'text'], ['breakdown', 'text'], ['member', 'text'],
        ['freq', 'text'], ['unit', 'text'], ['currency', 'text'], ['scale', 'text'], ['table_code', 'text'], ['headline', 'boolean'],
        ['derived', 'boolean'], ['first', 'text'], ['last', 'text'], ['points', 'int'], ['latest_value', 'double precision'], ['updated', 'text'],
      ],
      series.map((s) => [
        s.id, s.alias, s.countryIso, s.measure, s.breakdown, s.member, s.freq, s.unit, s.currency, s.scale, s.tableCode,
        Boolean(s.headline), Boolean(s.derived), s.first, s.last, s.points, s.latestValue, s.updated,
      ]),
    );
    const observations = sqlite.prepare('SELECT * FROM Observation').all() as Row[];
    await insertAll(
      client,
      'observation',
      [
        ['series_id', 'text'], ['period', 'text'], ['value', 'double precision'], ['status', 'text'],
        ['flags', 'text'], ['published', 'text'], ['first_month', 'text'], ['last_month', 'text'],
      ],
      observations.map((o) => {
        const p = parsePeriod(String(o.period))!;
        return [o.seriesId, o.period, o.value, o.status, o.flags, o.published, monthPeriod(p.year, firstMonthOf(p)), monthPeriod(p.year, lastMonthOf(p))];
      }),
    );
    // Keys and indexes built once over the loaded rows, not maintained row by row.
    await client.query(`ALTER TABLE ${PG_SCHEMA}.observation ADD PRIMARY KEY (series_id, period)`);
    await client.query(`CREATE INDEX ON ${PG_SCHEMA}.observation (series_id, first_month)`);
    await client.query(`INSERT INTO ${PG_SCHEMA}.loaded_release VALUES ($1, $2)`, [version, LAYOUT]);
    await client.query('COMMIT');
    await client.query(`ANALYZE ${PG_SCHEMA}.country; ANALYZE ${PG_SCHEMA}.series; ANALYZE ${PG_SCHEMA}.observation;`);
    return { observations: observations.length, reused: false };
  } finally {
    await client.end();
    sqlite.close();
  }
}
