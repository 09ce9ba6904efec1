/**
 * Turning what a publisher sends into the files the connectors read: gzip (Eurostat), zip members
 * (ECB, World Bank), and the World Bank's wide indicator download into the long layout its
 * indicator files have (`Country Name,Country Code,Year,Value`, one row per figure). Every step
 * stays within a byte bound, so a packed bomb cannot fill the disk.
 */
import { gunzipSync } from 'node:zlib';
import { API_PREAMBLE_LINES, parseCsvLines } from '../connectors/worldbank';
import { checkLines, LimitExceeded, MAX_CELLS_PER_RECORD, overfullRecord } from '../limits';
import { readZip, ZIP_LIMITS } from '../workbook/zip';

/** The gzip's text within the byte bound; a line past MAX_LINE_BYTES is rejected here, before any reader splits it. */
export function gunzip(body: Buffer, maxBytes: number): Buffer {
  let text: Buffer;
  try {
    text = gunzipSync(body, { maxOutputLength: maxBytes });
  } catch (err) {
    const e = err as Error & { code?: string };
    if (e.code === 'ERR_BUFFER_TOO_LARGE' || e instanceof RangeError) throw new Error(`the gzip stream unpacks to more than ${maxBytes} bytes`);
    throw new Error(`not a complete gzip stream: ${e.message} (file truncated?)`);
  }
  checkLines(text);
  return text;
}

/** The zip's members whose names match, by name; a damaged or truncated archive is rejected first. */
export function zipMembers(body: Buffer, members: RegExp, maxBytes: number): Map<string, Buffer> {
  // Every entry is inflated (as a stream, within the bounds): the whole archive is checked once.
  const files = readZip(body, undefined, { ...ZIP_LIMITS, maxBytes });
  return new Map([...files].filter(([name]) => members.test(name)).map(([name, data]) => [name, Buffer.from(data.buffer, data.byteOffset, data.byteLength)]));
}

/** One member matching `member`; rejected when none or several do. */
export function zipMember(body: Buffer, member: RegExp, maxBytes: number): { name: string; data: Buffer } {
  const found = [...zipMembers(body, member, maxBytes)];
  if (found.length !== 1) throw new Error(`the archive holds ${found.length} members named like ${member}, not one`);
  return { name: found[0][0], data: found[0][1] };
}

function csvCell(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The Bank's wide download (four preamble lines, then `Country Name,Country Code,Indicator Name,
 * Indicator Code,1960,…`) as the long file of one indicator: a row per country and year that has a
 * figure, the figure's text as written. Rows of other indicators are left out; a header without
 * these columns is rejected, naming the columns missing (not the header's text: errors are shown to callers).
 */
export function worldBankLong(wide: string, indicator: string): string {
  checkLines(wide);
  const full = overfullRecord(wide, ',', true);
  if (full) throw new LimitExceeded(`line ${full.line}: a record holds more than ${MAX_CELLS_PER_RECORD} cells, over the bound`);
  const [header = [], ...rows] = parseCsvLines(wide, API_PREAMBLE_LINES);
  const col = (name: string) => header.indexOf(name);
  const [nameCol, codeCol, indicatorCol] = [col('Country Name'), col('Country Code'), col('Indicator Code')];
  if (nameCol < 0 || codeCol < 0 || indicatorCol < 0) {
    const missing = ['Country Name', 'Country Code', 'Indicator Code'].filter((name) => col(name) < 0);
    throw new Error(`line ${API_PREAMBLE_LINES + 1}: header with Country Name, Country Code and Indicator Code expected, ${missing.join(', ')} not found`);
  }
  const years = header.flatMap((cell, i) => (/^\d{4}$/.test(cell) ? [{ i, year: cell }] : []));
  const lines = ['Country Name,Country Code,Year,Value'];
  for (const row of rows) {
    if (row[indicatorCol] !== indicator) continue;
    for (const { i, year } of years) {
      const value = (row[i] ?? '').trim();
      if (value !== '') lines.push([csvCell(row[nameCol]), csvCell(row[codeCol]), year, value].join(','));
    }
  }
  if (lines.length === 1) throw new Error(`no figures of ${indicator} in the download`);
  return `${lines.join('\r\n')}\r\n`;
}
