import type { BriefFigures } from '../../../src/domain/brief';

export function spainAugust(): BriefFigures {
  return {
    country: 'ES',
    name: 'Spain',
    month: '2025-08',
    measure: { name: 'nights', unit: 'nights' },
    region: 'Southern Europe',
    figures: {
      value: 12_345_678,
      yoy_pct: 2.06,
      vs_2019_pct: 5.44,
      ytd_yoy_pct: 3.21,
      region_rank: { rank: 2, of: 11 },
      trust: { grade: 'A', score: 92 },
    },
    last_six: [
      { month: '2025-03', value: 4_123_456, yoy_pct: -1.23, vs_2019_pct: 0.5, vs_3yr_avg_pct: 1.1 },
      { month: '2025-04', value: 6_234_567, yoy_pct: 4.51, vs_2019_pct: 2.2, vs_3yr_avg_pct: 3.0 },
      { month: '2025-05', value: 7_345_678, yoy_pct: 0.8, vs_2019_pct: 1.9, vs_3yr_avg_pct: 2.4 },
      { month: '2025-06', value: 9_456_789, yoy_pct: 1.7, vs_2019_pct: 3.3, vs_3yr_avg_pct: 2.9 },
      { month: '2025-07', value: 11_567_890, yoy_pct: 2.9, vs_2019_pct: 4.8, vs_3yr_avg_pct: 3.6 },
      { month: '2025-08', value: 12_345_678, yoy_pct: 2.06, vs_2019_pct: 5.44, vs_3yr_avg_pct: 3.42 },
    ],
    outlook: [
      { month: '2025-09', value: 9_812_345, low: 9_134_567, high: 10_498_765, yoy_pct: 1.24 },
      { month: '2025-10', value: 7_190_000, low: 6_620_000, high: 7_880_000, yoy_pct: -0.41 },
      { month: '2025-11', value: 4_010_000, low: 3_640_000, high: 4_420_000, yoy_pct: null },
    ],
    outlook_method: 'srw_growth_recent_holidays_log',
    context: {
      jet_fuel: { month: '2025-07', usd_gallon: 2.4137, yoy_pct: -12.34 },
      currency: null,
      growth: { year: 2025, pct: 2.31, projected: true },
    },
    rivals: [
      { country: 'IT', name: 'Italy', score: 87, shared_markets: ['DE', 'GB'], month: '2025-08', yoy_pct: 3.14 },
      { country: 'PT', name: 'Portugal', score: 74.5, shared_markets: ['GB'], month: '2025-07', yoy_pct: -0.4 },
      { country: 'FR', name: 'France', score: 60, shared_markets: ['DE'], month: null, yoy_pct: null },
    ],
    rival_for: ['PT', 'HR'],
    names: { PT: 'Portugal', HR: 'Croatia' },
  };
}
