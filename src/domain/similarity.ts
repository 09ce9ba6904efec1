/**
 * Rivals: destinations competing for the same travellers.
 *
 * Origin mode (the target's origin mix is known): score = overlap of the two origin-market mixes
 * = Σ over markets of the smaller of the two shares × 100 (equivalently 100 × (1 − ½ L1
 * distance), a Bray–Curtis-like overlap). Before comparing, each country's own code is removed
 * from both mixes (Spain's mix has French visitors, France's cannot; the home markets say
 * nothing about competition) and each mix is rescaled to sum to 1, so mixes given as fractions
 * or percentages, or covering different sets of markets, compare alike. Candidates without a
 * mix are skipped. shared_markets: markets with at least 2% in both mixes, the largest common
 * share first.
 *
 * Season mode (target's origins unknown): score = max(0, Pearson r of the 12 monthly
 * seasonality indices) × 100; uncorrelated or opposite seasons score 0 rather than 50.
 * Candidates without a 12-month season are skipped; shared_markets is empty.
 *
 * Scores are rounded to 1 decimal. A score of 0 is no rivalry and is left out. Order: score
 * descending (unrounded), then country code; rank runs 1..n. The target itself never appears.
 */
import { compareCodes, correlation, round, sum } from './numeric';

export interface RivalProfile {
  country: string;
  /** Origin code → share (any scale: fractions or percentages). Empty when unknown. */
  mix: Readonly<Record<string, number>>;
  /** 12 seasonality indices, January first. */
  season?: readonly number[];
}

export interface Rival {
  country: string;
  rank: number;
  score: number;
  /** Origin codes; the API layer adds names. */
  shared_markets: string[];
  basis: string;
}

export const SHARED_MARKET_MIN_SHARE = 0.02;
const BASIS_MARKETS = 3;

interface Scored {
  country: string;
  score: number;
  shared_markets: string[];
  basis: string;
}

export function rivals(target: RivalProfile, candidates: readonly RivalProfile[], max = 6): Rival[] {
  const byOrigins = Object.keys(withoutCodes(target.mix, [target.country])).length > 0;
  const scored: Scored[] = [];
  for (const candidate of candidates) {
    if (candidate.country === target.country) continue;
    const result = byOrigins ? compareMixes(target, candidate) : compareSeasons(target, candidate);
    if (result && result.score > 0) scored.push(result);
  }
  return scored
    .sort((a, b) => b.score - a.score || compareCodes(a.country, b.country))
    .slice(0, max)
    .map((r, i) => ({
      country: r.country,
      rank: i + 1,
      score: round(r.score, 1),
      shared_markets: r.shared_markets,
      basis: r.basis,
    }));
}

function compareMixes(target: RivalProfile, candidate: RivalProfile): Scored | null {
  const homes = [target.country, candidate.country];
  const a = normalised(withoutCodes(target.mix, homes));
  const b = normalised(withoutCodes(candidate.mix, homes));
  if (!a || !b) return null;
  const common = Object.keys(a)
    .filter((origin) => origin in b)
    .map((origin) => ({ origin, share: Math.min(a[origin], b[origin]) }));
  const overlap = sum(common.map((c) => c.share)) * 100;
  const shared = common
    .filter((c) => c.share >= SHARED_MARKET_MIN_SHARE)
    .sort((x, y) => y.share - x.share || compareCodes(x.origin, y.origin))
    .map((c) => c.origin);
  return { country: candidate.country, score: overlap, shared_markets: shared, basis: mixBasis(overlap, shared) };
}

function mixBasis(overlap: number, shared: readonly string[]): string {
  const markets =
    shared.length > 0
      ? `Largest shared markets: ${shared.slice(0, BASIS_MARKETS).join(', ')}.`
      : 'No market reaches 2% of both.';
  return `Origin-market mix overlap of ${round(overlap, 1)}%: the sum, over markets, of the smaller of the two shares (home markets left out). ${markets}`;
}

function compareSeasons(target: RivalProfile, candidate: RivalProfile): Scored | null {
  if (target.season?.length !== 12 || candidate.season?.length !== 12) return null;
  const r = correlation(target.season, candidate.season);
  if (r === null) return null;
  return {
    country: candidate.country,
    score: Math.max(0, r) * 100,
    shared_markets: [],
    basis: `Origin markets unknown for ${target.country}, so compared by seasonal shape: correlation of the 12 monthly seasonality indices ${round(r, 2)} (score = correlation × 100).`,
  };
}

/** The mix without the given country codes (case-insensitive) and without non-positive shares. */
function withoutCodes(mix: Readonly<Record<string, number>>, codes: readonly string[]): Record<string, number> {
  const dropped = new Set(codes.map((c) => c.toUpperCase()));
  const kept: Record<string, number> = {};
  for (const [origin, share] of Object.entries(mix)) {
    if (!dropped.has(origin.toUpperCase()) && Number.isFinite(share) && share > 0) kept[origin] = share;
  }
  return kept;
}

/** Shares rescaled to sum to 1; null for an empty mix. */
function normalised(mix: Record<string, number>): Record<string, number> | null {
  const total = sum(Object.values(mix));
  if (total <= 0) return null;
  return Object.fromEntries(Object.entries(mix).map(([origin, share]) => [origin, share / total]));
}
