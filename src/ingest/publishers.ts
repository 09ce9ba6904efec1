/**
 * Every file of the sources layout (../shared/data, described in its SOURCES.md) with its official
 * address and how to fetch it from there. A source is one thing a publisher serves: a file at a
 * fixed address, or the newest of a family of dated files found on the page that links them.
 * What comes back is unpacked the publisher's way (gzip, zip) into the files the connectors read.
 */
import { EUROSTAT_TABLES } from './connectors/eurostat';
import { DEMAND_TABLES } from './connectors/eurostat-demand';
import { GEO_DIC_FILE } from './connectors/geo-dic';
import { COUNTRY_CODES_FILE } from './connectors/country-codes';
import { NUTS_FILE } from './connectors/nuts';
import { ECB_FILE } from './connectors/ecb';
import { JET_MONTHLY_FILE, JET_WEEKLY_FILE } from './connectors/eia';
import { IMF_WEO_EXTRACT_FILE, IMF_WEO_FILE } from './connectors/imf-weo';
import { MTUR_FILE_RE } from './connectors/mtur-brazil';
import { JNTO_FILE, JNTO_LATEST_FILE } from './connectors/jnto';
import { UNWTO_FILE, UNWTO_LATEST_FILE } from './connectors/unwto';
import { API_DIR, LONG_INDICATORS, WORLDBANK_DIR } from './connectors/worldbank';
import { STATSNZ_WORKBOOK_PAGE, STATSNZ_WORKBOOK_RE } from './connectors/statsnz-workbook';
import { STATCAN_FILE, STATCAN_FULL_TABLE_FILE } from './connectors/statcan';
import { SINGSTAT_API_FILE, SINGSTAT_FILE } from './connectors/singstat';
import { fileNameOf } from './fetch/page-links';

export type Unpacking =
  | { kind: 'as-is' }
  | { kind: 'gzip' }
  /** The one member of a zip whose name matches. */
  | { kind: 'zip-member'; member: RegExp }
  /** Every member whose name matches, under their own names in `dir`; they replace the members present. */
  | { kind: 'zip-members'; member: RegExp; dir: string }
  /** The World Bank's wide indicator download, written in the long layout of its indicator files. */
  | { kind: 'worldbank-long'; indicator: string };

/** How the newest of a family of dated files is found on the page at the source's address. */
export interface Linked {
  /** File names of the family (any format the publisher has used for it). */
  family: RegExp;
  /** The extension the connectors read; a newest file in another format is a format change, rejected. */
  format: string;
  /** Fetched when the page links none (the dated name is the fallback, not the rule); null: none. */
  fallback: string | null;
}

export interface Source {
  /** Stable key of its state in DATA_DIR/sources.json and of its row in /v1/status. */
  id: string;
  name: string;
  publisher: string;
  /** The official address: the file itself, or the page that links the newest file. */
  address: string;
  /**
   * The publisher's official hosts: its address, the files its page links and its redirects must be
   * https on one of them (`*.imf.org`: imf.org and every name under it). See fetch/hosts.ts.
   */
  hosts: readonly string[];
  linked?: Linked;
  /** Where its file goes in the sources layout (for zip-members: where the members go), given the address fetched. */
  file: (url: string) => string;
  unpack: Unpacking;
  /** Files of the layout it stands for besides what it writes (a pinned vintage it supersedes). */
  alsoProvides?: readonly string[];
  /** Written beside the file as `<file>.url`: the address it came from, for connectors naming their source. */
  urlBeside?: boolean;
}

/** A file of the layout no fetcher can bring: its address, and why it stays as supplied. */
export interface ManualFile {
  file: string;
  publisher: string;
  address: string;
  why: string;
}

const fixed = (file: string) => () => file;

/** Each publisher's official hosts: where its pages, files and redirects are. */
const HOSTS = {
  eurostat: ['ec.europa.eu'],
  // www.unwto.org moved to www.untourism.int; the workbooks are in its S3 buckets.
  unTourism: ['*.unwto.org', '*.untourism.int', 'webunwto.s3.eu-west-1.amazonaws.com', 'webunwto.s3.amazonaws.com', 'pre-webunwto.s3.amazonaws.com'],
  github: ['raw.githubusercontent.com'],
  worldBank: ['*.worldbank.org'],
  // Kaggle answers a download with a redirect to its storage bucket.
  kaggle: ['www.kaggle.com', 'storage.googleapis.com'],
  jnto: ['*.jnto.go.jp'],
  abs: ['*.abs.gov.au'],
  statcan: ['*.statcan.gc.ca'],
  singstat: ['*.singstat.gov.sg'],
  hkImmd: ['*.immd.gov.hk'],
  ntto: ['*.trade.gov'],
  statsNz: ['*.stats.govt.nz'],
  malaysia: ['*.data.gov.my'],
  brazil: ['*.turismo.gov.br'],
  ecb: ['*.ecb.europa.eu'],
  eia: ['*.eia.gov'],
  fred: ['*.stlouisfed.org'],
  imf: ['*.imf.org'],
} as const satisfies Record<string, readonly string[]>;

const ESTAT = 'https://ec.europa.eu/eurostat/api/dissemination/sdmx/2.1';
/** UN Tourism links its statistics downloads from this page. */
export const UN_TOURISM_PAGE = 'https://www.unwto.org/tourism-statistics/key-tourism-statistics';
const UN_TOURISM_BUCKET = 'https://webunwto.s3.eu-west-1.amazonaws.com/s3fs-public';
const UN_TOURISM_TOPICS_BUCKET = 'https://pre-webunwto.s3.amazonaws.com/s3fs-public';
export const JNTO_PAGE = 'https://www.jnto.go.jp/statistics/data/visitors-statistics/';
const DATAHUB_OIL = 'https://raw.githubusercontent.com/datasets/oil-prices/main/data';
const WORLD_BANK_API = 'https://api.worldbank.org/v2/en/indicator';

const eurostatSources: Source[] = [
  ...EUROSTAT_TABLES.map((t) => ({ code: t.code, file: t.file, alsoProvides: t.fallback ? [t.fallback] : undefined })),
  ...DEMAND_TABLES.map((t) => ({ code: t.code, file: t.file, alsoProvides: undefined })),
].map((t) => ({
  id: `eurostat/${t.code}`,
  name: `Eurostat ${t.code}`,
  publisher: 'Eurostat',
  address: `${ESTAT}/data/${t.code}?format=TSV&compressed=true`,
  hosts: HOSTS.eurostat,
  file: fixed(t.file),
  unpack: { kind: 'gzip' },
  ...(t.alsoProvides ? { alsoProvides: t.alsoProvides } : {}),
}));

/** The topic workbooks UN Tourism publishes since December 2025 in place of the one "all data" workbook. */
const UN_TOURISM_TOPICS = [
  'accommodation_hotels',
  'domestic_accommodation',
  'domestic_trips',
  'inbound_accommodation',
  'inbound_arrivals_by_purpose',
  'inbound_arrivals_by_region',
  'inbound_arrivals_by_transport',
  'inbound_expenditure',
];

/** A dated UN Tourism workbook under the release folder its address names (`…/s3fs-public/2025-12/…` → `unwto/2025-12/…`). */
function unTourismReleaseFile(url: string): string {
  const folder = /\/s3fs-public\/(\d{4}-\d{2})\//.exec(new URL(url).pathname)?.[1] ?? 'latest';
  return `unwto/${folder}/${fileNameOf(url)}`;
}

const unTourismSources: Source[] = [
  {
    id: 'unwto/all-data',
    name: 'UN Tourism Statistics Database, newest "all data" workbook',
    publisher: 'UN Tourism',
    address: UN_TOURISM_PAGE,
    hosts: HOSTS.unTourism,
    linked: {
      family: /^unwto-all-data-download[\w-]*\.xlsx$/i,
      format: 'xlsx',
      fallback: `${UN_TOURISM_BUCKET}/2023-11/unwto-all-data-download_112023.xlsx`,
    },
    file: fixed(UNWTO_LATEST_FILE),
    unpack: { kind: 'as-is' },
    alsoProvides: [UNWTO_FILE],
    urlBeside: true,
  },
  ...['032023', '112023'].map((stamp): Source => {
    const folder = `${stamp.slice(2)}-${stamp.slice(0, 2)}`;
    return {
      id: `unwto/all-data-${stamp}`,
      name: `UN Tourism Statistics Database, "all data" workbook of ${folder}`,
      publisher: 'UN Tourism',
      address: `${UN_TOURISM_BUCKET}/${folder}/unwto-all-data-download_${stamp}.xlsx`,
      hosts: HOSTS.unTourism,
      file: fixed(`unwto/unwto-all-data-download_${stamp}.xlsx`),
      unpack: { kind: 'as-is' },
    };
  }),
  ...UN_TOURISM_TOPICS.map(
    (topic): Source => ({
      id: `unwto/${topic}`,
      name: `UN Tourism ${topic.replace(/_/g, ' ')}, newest workbook`,
      publisher: 'UN Tourism',
      address: UN_TOURISM_PAGE,
      hosts: HOSTS.unTourism,
      linked: {
        family: new RegExp(`^UN_Tourism_${topic}_\\d{2}_\\d{4}\\.xlsx$`, 'i'),
        format: 'xlsx',
        fallback: `${UN_TOURISM_TOPICS_BUCKET}/2025-12/UN_Tourism_${topic}_12_2025.xlsx`,
      },
      file: unTourismReleaseFile,
      unpack: { kind: 'as-is' },
      urlBeside: true,
    }),
  ),
];

/** The datahub oil-prices package: EIA's RBRTE and RWTC spot prices as CSV, retained current from EIA. */
const oilSources: Source[] = ['brent', 'wti'].flatMap((crude) =>
  ['daily', 'weekly', 'monthly', 'year'].map(
    (span): Source => ({
      id: `eia/${crude}-${span}`,
      name: `${crude === 'brent' ? 'Brent' : 'WTI'} crude spot price (EIA ${crude === 'brent' ? 'RBRTE' : 'RWTC'}), ${span}`,
      publisher: 'U.S. Energy Information Administration (datahub oil-prices package)',
      address: `${DATAHUB_OIL}/${crude}-${span}.csv`,
      hosts: HOSTS.github,
      file: fixed(`eia_oil/${crude}-${span}.csv`),
      unpack: { kind: 'as-is' },
    }),
  ),
);

const worldBankSources: Source[] = [
  ...LONG_INDICATORS.map(
    (indicator): Source => ({
      id: `worldbank/${indicator}`,
      name: `World Bank WDI ${indicator}`,
      publisher: 'World Bank',
      address: `${WORLD_BANK_API}/${indicator}?downloadformat=csv`,
      hosts: HOSTS.worldBank,
      file: fixed(`${WORLDBANK_DIR}/${indicator}.csv`),
      unpack: { kind: 'worldbank-long', indicator },
    }),
  ),
  ...['ST.INT.ARVL', 'ST.INT.RCPT.CD', 'BN.CAB.XOKA.GD.ZS'].map(
    (indicator): Source => ({
      id: `worldbank/api/${indicator}`,
      name: `World Bank WDI ${indicator} (wide download)`,
      publisher: 'World Bank',
      address: `${WORLD_BANK_API}/${indicator}?downloadformat=csv`,
      hosts: HOSTS.worldBank,
      file: fixed(API_DIR),
      // The download's data and its two metadata files: API_<code>_DS2_…, Metadata_Country_API_<code>_DS2_…, Metadata_Indicator_API_<code>_DS2_….
      unpack: { kind: 'zip-members', member: new RegExp(`^(Metadata_(Country|Indicator)_)?API_${indicator.replace(/\./g, '\\.')}_DS2_.*\\.csv$`, 'i'), dir: API_DIR },
    }),
  ),
  {
    id: 'worldbank/derived-tourism-economy',
    name: 'WDI tourism indicators 1999–2020 (Kaggle compilation, not read)',
    publisher: 'Kaggle dataset bushraqurban/tourism-and-economic-impact (from World Bank WDI)',
    address: 'https://www.kaggle.com/api/v1/datasets/download/bushraqurban/tourism-and-economic-impact',
    hosts: HOSTS.kaggle,
    file: fixed(`${WORLDBANK_DIR}/derived_world_tourism_economy_data_1999-2020.csv`),
    unpack: { kind: 'zip-member', member: /world_tourism_economy_data\.csv$/i },
  },
];

const nationalSources: Source[] = [
  {
    id: 'jnto/arrivals',
    name: 'JNTO visitor arrivals by nationality, newest file',
    publisher: 'Japan National Tourism Organization',
    address: JNTO_PAGE,
    hosts: HOSTS.jnto,
    // JNTO's CSV of 2017 (JTM_inbound<date>eng.csv) and the dated workbooks it has published since.
    linked: { family: /^(JTM_inbound\d{8}eng\.csv|\d{8}_1615-5\.xlsx)$/i, format: 'csv', fallback: null },
    file: fixed(JNTO_LATEST_FILE),
    unpack: { kind: 'as-is' },
    alsoProvides: [JNTO_FILE],
    urlBeside: true,
  },
  {
    id: 'jnto/visitors-by-nationality',
    name: 'JNTO visitors by nationality 1996–2025 (export)',
    publisher: 'Japan National Tourism Organization',
    address: JNTO_PAGE,
    hosts: HOSTS.jnto,
    linked: { family: /^visitors?[_-]by[_-]nationality.*\.csv$/i, format: 'csv', fallback: null },
    file: fixed('jnto/Visitors_by_nationality.csv'),
    unpack: { kind: 'as-is' },
  },
  {
    id: 'abs/340101',
    name: 'ABS 3401.0 Overseas Arrivals and Departures, Table 1',
    publisher: 'Australian Bureau of Statistics',
    address: 'https://www.abs.gov.au/statistics/industry/tourism-and-transport/overseas-arrivals-and-departures-australia/latest-release',
    hosts: HOSTS.abs,
    linked: { family: /^340101\.xlsx$/i, format: 'xlsx', fallback: null },
    file: fixed('abs/340101.xlsx'),
    unpack: { kind: 'as-is' },
  },
  {
    id: 'statcan/24100050',
    name: 'Statistics Canada table 24-10-0050-01, full table (read in place of the table as displayed, 2410005001cad-eng.csv)',
    publisher: 'Statistics Canada',
    address: 'https://www150.statcan.gc.ca/n1/tbl/csv/24100050-eng.zip',
    hosts: HOSTS.statcan,
    file: fixed(STATCAN_FULL_TABLE_FILE),
    unpack: { kind: 'zip-member', member: /^24100050\.csv$/ },
    alsoProvides: [STATCAN_FILE],
  },
  {
    id: 'singstat/M550001',
    name: 'SingStat M550001 international visitor arrivals, Table Builder API (read in place of the table-builder CSV)',
    publisher: 'Singapore Department of Statistics',
    address: 'https://tablebuilder.singstat.gov.sg/api/table/tabledata/M550001',
    hosts: HOSTS.singstat,
    file: fixed(SINGSTAT_API_FILE),
    unpack: { kind: 'as-is' },
    alsoProvides: [SINGSTAT_FILE],
  },
  {
    id: 'hk_immd/daily-passenger-traffic',
    name: 'Hong Kong Immigration Department daily passenger traffic',
    publisher: 'Hong Kong Immigration Department',
    address: 'https://www.immd.gov.hk/opendata/eng/transport/immigration_clearance/statistics_on_daily_passenger_traffic.csv',
    hosts: HOSTS.hkImmd,
    file: fixed('hk_immd/statistics_on_daily_passenger_traffic.csv'),
    unpack: { kind: 'as-is' },
  },
  {
    id: 'ntto/monthly-arrivals',
    name: 'NTTO I-94 monthly arrivals 2000–present',
    publisher: 'U.S. National Travel and Tourism Office',
    address: 'https://www.trade.gov/i-94-arrivals-program',
    hosts: HOSTS.ntto,
    linked: { family: /monthly[-_ ]?arrivals.*\.xlsx$/i, format: 'xlsx', fallback: null },
    file: fixed('ntto/us_Monthly-Arrivals-2000-Present.xlsx'),
    unpack: { kind: 'as-is' },
  },
  {
    id: 'statsnz/visitor-arrivals',
    name: 'Stats NZ international visitor arrivals, newest monthly release workbook (Table 1, monthly totals)',
    publisher: 'Stats NZ',
    address: STATSNZ_WORKBOOK_PAGE,
    hosts: HOSTS.statsNz,
    linked: { family: STATSNZ_WORKBOOK_RE, format: 'xlsx', fallback: null },
    file: (url) => `statsnz/${fileNameOf(url)}`,
    unpack: { kind: 'as-is' },
    alsoProvides: ['statsnz/international-visitor-arrivals-to-new-zealand-may-2024.xlsx'],
  },
  {
    id: 'malaysia/arrivals_soe',
    name: 'data.gov.my arrivals by state of entry',
    publisher: 'Department of Statistics Malaysia (data.gov.my)',
    address: 'https://storage.data.gov.my/demography/arrivals_soe.csv',
    hosts: HOSTS.malaysia,
    file: fixed('malaysia/arrivals_soe.csv'),
    unpack: { kind: 'as-is' },
  },
  {
    id: 'mtur_brazil/chegadas',
    name: "Brazil Ministry of Tourism arrivals, the newest year's file",
    publisher: 'Ministério do Turismo (dados.turismo.gov.br)',
    address: 'https://dados.turismo.gov.br/dataset/chegada-de-turistas-internacionais',
    hosts: HOSTS.brazil,
    // One file per year: the newest linked is fetched and retained beside the years present (the connector reads them all).
    linked: { family: MTUR_FILE_RE, format: 'csv', fallback: null },
    file: (url) => `mtur_brazil/${fileNameOf(url)}`,
    unpack: { kind: 'as-is' },
    alsoProvides: ['mtur_brazil/chegadas_2023.csv'],
  },
];

/** Every source, in the order a round checks them. */
export const SOURCES: readonly Source[] = [
  ...eurostatSources,
  {
    id: 'eurostat/geo',
    name: 'Eurostat GEO code list, English labels',
    publisher: 'Eurostat',
    address: `${ESTAT}/codelist/ESTAT/GEO?format=TSV&lang=en`,
    hosts: HOSTS.eurostat,
    file: fixed(GEO_DIC_FILE),
    unpack: { kind: 'as-is' },
  },
  {
    id: 'nuts/2021',
    name: 'NUTS 2021 classification',
    publisher: 'Eurostat',
    address: 'https://ec.europa.eu/eurostat/documents/345175/629341/NUTS2021.xlsx',
    hosts: HOSTS.eurostat,
    file: fixed(NUTS_FILE),
    unpack: { kind: 'as-is' },
  },
  {
    id: 'country-codes',
    name: 'Country codes (ISO 3166, M49, Wikidata)',
    publisher: 'datahub core package datasets/country-codes',
    address: `https://raw.githubusercontent.com/datasets/country-codes/main/data/country-codes.csv`,
    hosts: HOSTS.github,
    file: fixed(COUNTRY_CODES_FILE),
    unpack: { kind: 'as-is' },
  },
  ...unTourismSources,
  {
    id: 'ecb/eurofxref-hist',
    name: 'ECB euro foreign exchange reference rates, daily history',
    publisher: 'European Central Bank',
    address: 'https://www.ecb.europa.eu/stats/eurofxref/eurofxref-hist.zip',
    hosts: HOSTS.ecb,
    file: fixed(ECB_FILE),
    unpack: { kind: 'zip-member', member: /^eurofxref-hist\.csv$/ },
  },
  ...oilSources,
  {
    id: 'eia/jet-fuel-weekly',
    name: 'U.S. Gulf Coast kerosene-type jet fuel spot price (EIA EER_EPJK_PF4_RGC_DPG), weekly',
    publisher: 'U.S. Energy Information Administration',
    address: 'https://www.eia.gov/dnav/pet/hist_xls/EER_EPJK_PF4_RGC_DPGw.xls',
    hosts: HOSTS.eia,
    file: fixed(JET_WEEKLY_FILE),
    unpack: { kind: 'as-is' },
  },
  {
    id: 'fred/MJFUELUSGULF',
    name: 'U.S. Gulf Coast jet fuel, monthly (FRED MJFUELUSGULF, from EIA)',
    publisher: 'Federal Reserve Bank of St. Louis (FRED), from EIA',
    address: 'https://fred.stlouisfed.org/graph/fredgraph.csv?id=MJFUELUSGULF',
    hosts: HOSTS.fred,
    file: fixed(JET_MONTHLY_FILE),
    unpack: { kind: 'as-is' },
  },
  ...worldBankSources,
  {
    id: 'imf/weo',
    name: 'IMF World Economic Outlook, October 2024, entire database by countries',
    publisher: 'International Monetary Fund',
    address: 'https://www.imf.org/-/media/Files/Publications/WEO/WEO-Database/2024/October/WEOOct2024all.ashx',
    hosts: HOSTS.imf,
    file: fixed(IMF_WEO_FILE),
    unpack: { kind: 'as-is' },
    alsoProvides: [IMF_WEO_EXTRACT_FILE],
  },
  ...nationalSources,
];

/** Files of the layout that no fetcher brings (they come from --sources / TOURISM_SOURCES). */
export const MANUAL_FILES: readonly ManualFile[] = [
  {
    file: 'statsnz/ITM524901_20240902_114033_41.csv',
    publisher: 'Stats NZ',
    address: 'https://infoshare.stats.govt.nz/',
    why: 'an Infoshare table export, made interactively: Stats NZ gives it no address of its own',
  },
];

/** The files a source stands for: what it wrote last (or would write at its address) and what it supersedes. */
export function filesOf(source: Source, written: readonly string[]): string[] {
  const own = written.length > 0 ? written : source.unpack.kind === 'zip-members' ? [] : [source.file(source.linked?.fallback ?? source.address)];
  return [...own, ...(source.alsoProvides ?? [])];
}

/** Whether a file of the layout is one of a source's, given the files it wrote last: those it stands for, or a member its download unpacks to. */
export function holds(source: Source, file: string, written: readonly string[]): boolean {
  if (filesOf(source, written).includes(file)) return true;
  const unpack = source.unpack;
  return unpack.kind === 'zip-members' && file.startsWith(`${unpack.dir}/`) && unpack.member.test(file.slice(unpack.dir.length + 1));
}

/** The source a file of the layout belongs to, given the files each wrote last; null for none. */
export function ownerOf(file: string, written: (id: string) => readonly string[]): Source | null {
  return SOURCES.find((source) => holds(source, file, written(source.id))) ?? null;
}
