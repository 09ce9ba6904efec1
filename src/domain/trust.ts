/**
 * Trust grade of a series, shown in the brief as {grade, score}.
 *
 * score = 0.4 × completeness + 0.3 × timeliness + 0.2 × firmness + 0.1 × stability, where each
 * part runs 0..100:
 *  - completeness = completePct (from gaps);
 *  - timeliness   = 100 − 10 per month behind beyond the first (0 or 1 month behind → 100,
 *                   11 or more → 0): one month behind is the normal state of a monthly series;
 *  - firmness     = (1 − flaggedShare) × 100, flaggedShare being the share (0..1) of figures
 *                   marked estimated, provisional or break;
 *  - stability    = 100 − 5 per revision, floored at 0: some revising is normal, many are not.
 * score is rounded to a whole number. Grade: A ≥ 85, B ≥ 70, C ≥ 55, D below.
 */
import { round } from './numeric';

export interface TrustInput {
  completePct: number;
  revisions: number;
  /** 0..1 */
  flaggedShare: number;
  monthsBehind: number;
}

export type TrustLetter = 'A' | 'B' | 'C' | 'D';

export interface TrustGrade {
  grade: TrustLetter;
  score: number;
}

const clamp100 = (x: number) => Math.min(100, Math.max(0, x));

export function trustGrade(input: TrustInput): TrustGrade {
  const completeness = clamp100(input.completePct);
  const timeliness = clamp100(100 - 10 * Math.max(0, input.monthsBehind - 1));
  const firmness = clamp100((1 - input.flaggedShare) * 100);
  const stability = clamp100(100 - 5 * input.revisions);
  const score = round(0.4 * completeness + 0.3 * timeliness + 0.2 * firmness + 0.1 * stability, 0);
  return { grade: gradeOf(score), score };
}

function gradeOf(score: number): TrustLetter {
  if (score >= 85) return 'A';
  if (score >= 70) return 'B';
  if (score >= 55) return 'C';
  return 'D';
}
