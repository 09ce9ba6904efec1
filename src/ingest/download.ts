/**
 * Fetches the publishers' files from their official addresses into a cache laid out like the
 * sources directory (see ../shared/data/SOURCES.md), so the same connectors read them.
 * Files without a stable official address must be supplied with --sources.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { unzipSync } from 'fflate';

interface RemoteFile {
  file: string;
  url: string;
  /** How the publisher packs it. */
  packing?: 'gzip' | { zipMember: string };
}

const ESTAT = 'https://ec.europa.eu/eurostat/api/dissemination/sdmx/2.1/data';

export const REMOTE_FILES: RemoteFile[] = [
  { file: 'eurostat/estat_tour_occ_nim.tsv', url: `${ESTAT}/tour_occ_nim?format=TSV&compressed=true`, packing: 'gzip' },
  { file: 'eurostat/estat_tour_occ_arm.tsv', url: `${ESTAT}/tour_occ_arm?format=TSV&compressed=true`, packing: 'gzip' },
  { file: 'eurostat/estat_tour_cap_nat.tsv', url: `${ESTAT}/tour_cap_nat?format=TSV&compressed=true`, packing: 'gzip' },
  { file: 'eurostat/estat_tour_occ_arn2.tsv', url: `${ESTAT}/tour_occ_arn2?format=TSV&compressed=true`, packing: 'gzip' },
  { file: 'eurostat/estat_tour_dem_ttw.tsv', url: `${ESTAT}/tour_dem_ttw?format=TSV&compressed=true`, packing: 'gzip' },
  { file: 'eurostat/estat_tour_dem_tnw.tsv', url: `${ESTAT}/tour_dem_tnw?format=TSV&compressed=true`, packing: 'gzip' },
  { file: 'eurostat/estat_tour_occ_nin2.tsv', url: `${ESTAT}/tour_occ_nin2?format=TSV&compressed=true`, packing: 'gzip' },
  { file: 'nuts/NUTS2021.xlsx', url: 'https://ec.europa.eu/eurostat/documents/345175/629341/NUTS2021.xlsx' },
  { file: 'unwto/unwto-all-data-download_032023.xlsx', url: 'https://webunwto.s3.eu-west-1.amazonaws.com/s3fs-public/2023-03/unwto-all-data-download_032023.xlsx' },
  { file: 'ecb/eurofxref-hist.csv', url: 'https://www.ecb.europa.eu/stats/eurofxref/eurofxref-hist.zip', packing: { zipMember: 'eurofxref-hist.csv' } },
  { file: 'eia_jetfuel/EER_EPJK_PF4_RGC_DPGw.xls', url: 'https://www.eia.gov/dnav/pet/hist_xls/EER_EPJK_PF4_RGC_DPGw.xls' },
];

/** Files the official sites do not serve at a stable address in this layout: they come from --sources. */
export const LOCAL_ONLY = [
  'eurostat/geo.dic',
  'country_codes/country-codes.csv',
  'jnto/JTM_inbound20170421eng.csv',
  'eia_oil/brent-monthly.csv',
  'eia_oil/wti-monthly.csv',
  'eia_jetfuel/MJFUELUSGULF.csv',
  'worldbank_wdi/*.csv',
  'worldbank_wdi/api_csv/*.csv',
  'imf_weo/WEO_Data_Oct2024_custom_extract.xls',
];

function unpack(body: Buffer, packing: RemoteFile['packing']): Buffer {
  if (!packing) return body;
  if (packing === 'gzip') return gunzipSync(body);
  const entry = unzipSync(body, { filter: (f) => f.name === packing.zipMember })[packing.zipMember];
  if (!entry) throw new Error(`${packing.zipMember} is not in the archive`);
  return Buffer.from(entry.buffer, entry.byteOffset, entry.byteLength);
}

/**
 * Downloads every remote file into cacheDir (each written to a temporary name and renamed, so an
 * interrupted download never leaves half a file), then copies the local-only files from seedDir.
 */
export async function downloadSources(
  cacheDir: string,
  seedDir: string | null,
  log: (l: string) => void,
  fetcher: (url: string, init: RequestInit) => Promise<Response> = fetch,
): Promise<string> {
  for (const [i, remote] of REMOTE_FILES.entries()) {
    log(`  [${i + 1}/${REMOTE_FILES.length}] ${remote.url}`);
    const response = await fetcher(remote.url, { signal: AbortSignal.timeout(120_000) });
    if (!response.ok) throw new Error(`${remote.url} answered ${response.status}`);
    const body = unpack(Buffer.from(await response.arrayBuffer()), remote.packing);
    const target = path.join(cacheDir, remote.file);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(`${target}.part`, body);
    fs.renameSync(`${target}.part`, target);
  }
  if (seedDir) {
    for (const pattern of LOCAL_ONLY) {
      const dir = path.dirname(pattern);
      const names = pattern.endsWith('*.csv')
        ? fs.readdirSync(path.join(seedDir, dir)).filter((f) => f.endsWith('.csv'))
        : [path.basename(pattern)];
      for (const name of names) {
        fs.mkdirSync(path.join(cacheDir, dir), { recursive: true });
        fs.copyFileSync(path.join(seedDir, dir, name), path.join(cacheDir, dir, name));
      }
    }
  }
  return cacheDir;
}
