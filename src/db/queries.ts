/** The few raw SQL queries Prisma cannot express: full-text search over series names. */
import type { Prisma } from './client';

/**
 * FTS5 query from free text: each word becomes a prefix term ("catal" finds "Cataluña");
 * punctuation is dropped, so user text can never inject FTS syntax.
 */
export function ftsQuery(text: string): string | null {
  const words = text
    .normalize('NFKC')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 12);
  if (words.length === 0) return null;
  return words.map((w) => `"${w.replace(/"/g, '')}"*`).join(' ');
}

/** Series ids matching the text, best match first, then the freshest. */
export async function searchSeriesIds(
  prisma: Prisma,
  text: string,
  options: { country?: string; limit: number; offset: number },
): Promise<string[]> {
  const match = ftsQuery(text);
  if (!match) return [];
  const rows = await prisma.$queryRawUnsafe<{ id: string }[]>(
    `SELECT s.id AS id FROM SeriesSearch f JOIN Series s ON s.id = f.seriesId
     WHERE SeriesSearch MATCH ? ${options.country ? 'AND s.countryIso = ?' : ''}
     ORDER BY bm25(SeriesSearch), s.headline DESC, s.last DESC, s.alias
     LIMIT ? OFFSET ?`,
    ...[match, ...(options.country ? [options.country] : []), options.limit, options.offset],
  );
  return rows.map((r) => r.id);
}

/** How many series match the text (all pages of searchSeriesIds). */
export async function countSeriesMatches(prisma: Prisma, text: string, options: { country?: string }): Promise<number> {
  const match = ftsQuery(text);
  if (!match) return 0;
  const rows = await prisma.$queryRawUnsafe<{ n: number | bigint }[]>(
    `SELECT count(*) AS n FROM SeriesSearch f JOIN Series s ON s.id = f.seriesId
     WHERE SeriesSearch MATCH ? ${options.country ? 'AND s.countryIso = ?' : ''}`,
    ...[match, ...(options.country ? [options.country] : [])],
  );
  return Number(rows[0]?.n ?? 0);
}
