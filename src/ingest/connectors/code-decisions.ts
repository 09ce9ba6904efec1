/**
 * Where a publisher's country code and the name on the same row disagree, or the code is retired,
 * the evidence decides and the decision is written here, once. A decision applies only to the exact
 * code and name it lists (names compared as normalizeCountryName does), so a changed file falls back
 * to the ordinary check and a new disagreement is an unresolved row, not a silent guess.
 *
 * The UN Tourism workbook carries UN M49 codes in column A. Three Caribbean blocks carry a
 * neighbour's code (the names, footnotes and figures are those of the named island), four carry
 * codes the UN retired when the country changed, and four places have no country code of their own.
 */
import type { CodeDecision, CountryRef } from '../records';
import type { CountryResolver } from './country-resolver';
import { normalizeCountryName } from './country-resolver';

const PART_OF_BQ =
  'one of the three islands of the Caribbean Netherlands (BQ, M49 535) with no code of its own; the workbooks have no BQ total';

export const CODE_DECISIONS: readonly CodeDecision[] = [
  // Wrong codes: the name, footnotes and figures are the named island's.
  { publisher: 'UN Tourism', code: '535', name: 'CURAÇAO', iso: 'CW', why: '535 is Bonaire, Sint Eustatius and Saba; Curaçao is 531' },
  { publisher: 'UN Tourism', code: '663', name: 'SINT MAARTEN (DUTCH PART)', iso: 'SX', why: '663 is Saint-Martin (French part); Sint Maarten is 534' },
  { publisher: 'UN Tourism', code: '534', name: 'BONAIRE', iso: null, why: `534 is Sint Maarten; Bonaire is ${PART_OF_BQ}` },
  // Retired codes: the country continues under a new one.
  { publisher: 'UN Tourism', code: '280', name: 'GERMANY', iso: 'DE', why: 'retired code of the Federal Republic before 1990; Germany is 276' },
  { publisher: 'UN Tourism', code: '230', name: 'ETHIOPIA', iso: 'ET', why: 'retired code of Ethiopia before 1993; Ethiopia is 231' },
  { publisher: 'UN Tourism', code: '736', name: 'SUDAN', iso: 'SD', why: 'retired code of Sudan before 2011; Sudan is 729' },
  { publisher: 'UN Tourism', code: '886', name: 'YEMEN', iso: 'YE', why: 'retired code of the Yemen Arab Republic before 1990; Yemen is 887' },
  // No country of its own.
  { publisher: 'UN Tourism', code: '891', name: 'SERBIA AND MONTENEGRO', iso: null, why: 'retired code (country dissolved in 2006, figures end in 2001); Serbia (688) and Montenegro (499) have blocks of their own' },
  { publisher: 'UN Tourism', code: '461', name: 'SABA', iso: null, why: `not an M49 code; Saba is ${PART_OF_BQ}` },
  { publisher: 'UN Tourism', code: '658', name: 'SINT EUSTATIUS', iso: null, why: `not an M49 code; Sint Eustatius is ${PART_OF_BQ}` },
  // The topic workbooks (December 2025 on) number the three islands 5351–5353, under 535 (BQ).
  { publisher: 'UN Tourism', code: '5351', name: 'Bonaire', iso: null, why: `not an M49 code; Bonaire is ${PART_OF_BQ}` },
  { publisher: 'UN Tourism', code: '5352', name: 'Saba', iso: null, why: `not an M49 code; Saba is ${PART_OF_BQ}` },
  { publisher: 'UN Tourism', code: '5353', name: 'St. Eustatius', iso: null, why: `not an M49 code; Sint Eustatius is ${PART_OF_BQ}` },
  // Eurostat's CN is China with Hong Kong (geo.dic: "China including Hong Kong"): the closest ISO country is CN.
  { publisher: 'Eurostat', code: 'CN', name: 'China including Hong Kong', iso: 'CN', why: 'Eurostat counts Hong Kong within CN; served under China (CN)' },
  { publisher: 'World Bank', code: 'CHI', name: 'Channel Islands', iso: null, why: 'World Bank economy for Jersey and Guernsey together; no ISO 3166-1 code' },
];

/** The decision listed for this code and name, if any. */
export function codeDecision(publisher: CodeDecision['publisher'], code: string, name: string): CodeDecision | undefined {
  const key = normalizeCountryName(name);
  return CODE_DECISIONS.find((d) => d.publisher === publisher && d.code === code && normalizeCountryName(d.name) === key);
}

/**
 * How one row's place was settled: a country confirmed by code and name, a written decision, or
 * unresolved with the reason (an ingest error).
 */
export type PlaceResolution =
  | { kind: 'country'; country: CountryRef }
  | { kind: 'decision'; country: CountryRef | null; decision: CodeDecision }
  | { kind: 'unresolved'; reason: string };

/**
 * The place a row denotes: a written decision for this code and name first, else the country the
 * code denotes, which the row's name must confirm.
 */
export function resolvePlace(
  resolver: CountryResolver,
  publisher: CodeDecision['publisher'],
  code: string,
  name: string,
  byCode: (code: string) => CountryRef | null,
): PlaceResolution {
  const decision = codeDecision(publisher, code, name);
  if (decision) {
    const country = decision.iso === null ? null : resolver.byIso2(decision.iso);
    if (decision.iso !== null && !country) return { kind: 'unresolved', reason: `decided country ${decision.iso} is not in the country list` };
    return { kind: 'decision', country, decision };
  }
  const checked = resolver.confirm(byCode(code), code, name);
  return checked.country ? { kind: 'country', country: checked.country } : { kind: 'unresolved', reason: checked.reason };
}
