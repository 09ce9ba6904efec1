/**
 * Rivals: destinations competing for the same travellers.
 *
 * Origin mode (the target's origin mix is known): score = the overlap of the two origin-market
 * mixes, Σ over markets of the smaller of the two shares × 100. This is the proportional
 * similarity (Czekanowski) index, equal to 100 × (1 − Bray–Curtis dissimilarity) of the share
 * vectors, or 100 × (1 − ½ L1 distance): 100 when both destinations draw their visitors from
 * the markets in the same proportions, 0 when they share none. Before comparing, each
 * country's own code is removed from both mixes (Spain's mix has French visitors, France's
 * cannot; the home markets say nothing about competition) and each mix is rescaled to sum to
 * 1, so mixes given as fractions or percentages compare alike.
 *
 * With `commonMarketsOnly` (country-of-origin mixes, where a market missing from one mix means
 * "not published", not "no visitors"), both mixes are first cut to the markets both list, so
 * the two are read over the same markets; a candidate is scored only when at least
 * `minMarkets` markets are compared. Candidates without a mix are skipped. sharedMarkets:
 * markets with at least 1% in both mixes, the largest common share first. They are the terms
 * that make up nearly all of the score (each market left out adds less than 1 point), so
 * `basis` splits the score into their part and the rest: that split is what ranks a rival.
 *
 * Season mode (target's origins unknown): score = max(0, Pearson r of the 12 monthly
 * seasonality indices) × 100; uncorrelated or opposite seasons score 0 rather than 50.
 * Candidates without a 12-month season are skipped; sharedMarkets is empty.
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
  sharedMarkets: string[];
  /** How many markets the two mixes were compared over (0 in season mode). */
  markets: number;
  basis: string;
}

export interface MixOptions {
  /** Compare over the markets both mixes list only (see above). */
  commonMarketsOnly?: boolean;
  /** The fewest markets compared for a candidate to be scored. */
  minMarkets?: number;
}

export const SHARED_MARKET_MIN_SHARE = 0.01;
const BASIS_MARKETS = 3;

interface Scored {
  country: string;
  score: number;
  sharedMarkets: string[];
  markets: number;
  basis: string;
}

export function rivals(target: RivalProfile, candidates: readonly RivalProfile[], max = 6, options: MixOptions = {}): Rival[] {
  const byOrigins = Object.keys(withoutCodes(target.mix, [target.country])).length > 0;
  const scored: Scored[] = [];
  for (const candidate of candidates) {
    if (candidate.country === target.country) continue;
    const result = byOrigins ? compareMixes(target, candidate, options) : compareSeasons(target, candidate);
    if (result && result.score > 0) scored.push(result);
  }
  return scored
    .sort((a, b) => b.score - a.score || compareCodes(a.country, b.country))
    .slice(0, max)
    .map((r, i) => ({
      country: r.country,
      rank: i + 1,
      score: round(r.score, 1),
      sharedMarkets: r.sharedMarkets,
      markets: r.markets,
      basis: r.basis,
    }));
}

function compareMixes(target: RivalProfile, candidate: RivalProfile, options: MixOptions): Scored | null {
  const homes = [target.country, candidate.country];
  let a = withoutCodes(target.mix, homes);
  let b = withoutCodes(candidate.mix, homes);
  if (options.commonMarketsOnly) [a, b] = [onlyIn(a, b), onlyIn(b, a)];
  const markets = Object.keys(a).filter((origin) => origin in b);
  if (markets.length < (options.minMarkets ?? 1)) return null;
  const shareA = normalised(a);
  const shareB = normalised(b);
  if (!shareA || !shareB) return null;
  const common = markets.map((origin) => ({ origin, share: Math.min(shareA[origin], shareB[origin]) }));
  const overlap = sum(common.map((c) => c.share)) * 100;
  const shared = common
    .filter((c) => c.share >= SHARED_MARKET_MIN_SHARE)
    .sort((x, y) => y.share - x.share || compareCodes(x.origin, y.origin));
  const compared = options.commonMarketsOnly ? Object.keys(a).length : Object.keys({ ...a, ...b }).length;
  return {
    country: candidate.country,
    score: overlap,
    sharedMarkets: shared.map((c) => c.origin),
    markets: compared,
    basis: mixBasis(overlap, compared, shared, options.commonMarketsOnly ?? false),
  };
}

function mixBasis(overlap: number, compared: number, shared: readonly { origin: string; share: number }[], commonOnly: boolean): string {
  const over = commonOnly
    ? `over the ${compared} origin markets listed for both (each mix rescaled to those markets, home markets left out)`
    : `over ${compared} origin markets (home markets left out)`;
  const fromShared = sum(shared.map((c) => c.share)) * 100;
  const others = compared - shared.length;
  const split =
    shared.length > 0
      ? `Shared markets (at least ${SHARED_MARKET_MIN_SHARE * 100}% of both) make up ${fromShared.toFixed(1)} points, led by ${shared
          .slice(0, BASIS_MARKETS)
          .map((c) => `${c.origin} ${(c.share * 100).toFixed(1)}`)
          .join(', ')}${others > 0 ? `; the other ${others} market${others === 1 ? '' : 's'} ${(overlap - fromShared).toFixed(1)}` : ''}.`
      : `No market reaches ${SHARED_MARKET_MIN_SHARE * 100}% of both.`;
  return `Origin-market overlap of ${round(overlap, 1)}% ${over}: the sum, over markets, of the smaller of the two shares. ${split}`;
}

function compareSeasons(target: RivalProfile, candidate: RivalProfile): Scored | null {
  if (target.season?.length !== 12 || candidate.season?.length !== 12) return null;
  const r = correlation(target.season, candidate.season);
  if (r === null) return null;
  return {
    country: candidate.country,
    score: Math.max(0, r) * 100,
    sharedMarkets: [],
    markets: 0,
    basis: `Origin markets unknown for ${target.country}, so compared by seasonal shape: correlation of the 12 monthly seasonality indices ${round(r, 2)} (score = correlation × 100).`,
  };
}

/** The mix without the given country codes (case-insensitive) and without non-positive shares. */
function withoutCodes(mix: Readonly<Record<string, number>>, codes: readonly string[]): Record<string, number> {
  const dropped = new Set(codes.map((c) => c.toUpperCase()));
  const shares: Record<string, number> = {};
  for (const [origin, share] of Object.entries(mix)) {
    if (!dropped.has(origin.toUpperCase()) && Number.isFinite(share) && share > 0) shares[origin] = share;
  }
  return shares;
}

/** The part of `mix` whose markets `other` lists too. */
function onlyIn(mix: Record<string, number>, other: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(mix).filter(([origin]) => origin in other));
}

/** Shares rescaled to sum to 1; null for an empty mix. */
function normalised(mix: Record<string, number>): Record<string, number> | null {
  const total = sum(Object.values(mix));
  if (total <= 0) return null;
  return Object.fromEntries(Object.entries(mix).map(([origin, share]) => [origin, share / total]));
}
