import { describe, expect, it } from 'vitest';
import { linksOf, newestLink, releaseKey } from '../../../src/ingest/fetch/page-links';
import { STATSNZ_WORKBOOK_RE } from '../../../src/ingest/connectors/statsnz-workbook';

describe('releaseKey: the release an address belongs to', () => {
  it.each([
    ['https://webunwto.s3.eu-west-1.amazonaws.com/s3fs-public/2023-11/unwto-all-data-download_112023.xlsx', '2023-11-00'],
    ['https://www.abs.gov.au/statistics/x/mar-2026/340101.xlsx', '2026-03-00'],
    ['https://www.imf.org/-/media/Files/Publications/WEO/2024/October/WEOOct2024all.xls', '2024-10-00'],
    ['https://statistics.jnto.go.jp/files/20260916_inbound.xlsx', '2026-09-16'],
    ['https://pre-webunwto.s3.amazonaws.com/s3fs-public/x/UN_Tourism_inbound_arrivals_by_region_12_2025.xlsx', '2025-12-00'],
    ['https://www.stats.govt.nz/assets/Uploads/international-visitor-arrivals-to-new-zealand-may-2024.xlsx', '2024-05-00'],
    ['https://www.stats.govt.nz/assets/Uploads/international-visitor-arrivals-to-new-zealand-june-2024.xlsx', '2024-06-00'],
    ['https://dados.turismo.gov.br/chegadas_2023.csv', '2023-00-00'],
    ['https://example.org/data/latest.csv', ''],
  ])('%s → %s', (url, key) => {
    expect(releaseKey(url)).toBe(key);
  });
});

describe('newestLink', () => {
  it('takes the latest month when file names spell it out, whatever the page order', () => {
    const page = '<a href="/u/international-visitor-arrivals-to-new-zealand-may-2024.xlsx">May</a>'
      + '<a href="/u/international-visitor-arrivals-to-new-zealand-june-2024.xlsx">June</a>'
      + '<a href="/u/international-visitor-arrivals-to-new-zealand-december-2023.xlsx">December</a>';
    const links = linksOf(page, 'https://www.stats.govt.nz/information-releases/');
    expect(newestLink(links, STATSNZ_WORKBOOK_RE)).toBe('https://www.stats.govt.nz/u/international-visitor-arrivals-to-new-zealand-june-2024.xlsx');
  });

  it('keeps the first on the page among equal releases, and answers null when nothing matches', () => {
    const links = ['https://x.org/a_2024.csv', 'https://x.org/b_2024.csv', 'https://x.org/c_2023.csv'];
    expect(newestLink(links, /_\d{4}\.csv$/)).toBe('https://x.org/a_2024.csv');
    expect(newestLink(links, /\.xlsx$/)).toBeNull();
  });
});
