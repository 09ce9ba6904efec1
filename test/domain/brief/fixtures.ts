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
      yoyPct: 2.06,
      vs2019Pct: 5.44,
      ytdYoyPct: 3.21,
      regionRank: { rank: 2, of: 11 },
      trust: { grade: 'A', score: 92 },
    },
    lastSix: [
      { month: '2025-03', value: 4_123_456, yoyPct: -1.23, vs2019Pct: 0.5, vs3yrAvgPct: 1.1 },
      { month: '2025-04', value: 6_234_567, yoyPct: 4.51, vs2019Pct: 2.2, vs3yrAvgPct: 3.0 },
      { month: '2025-05', value: 7_345_678, yoyPct: 0.8, vs2019Pct: 1.9, vs3yrAvgPct: 2.4 },
      { month: '2025-06', value: 9_456_789, yoyPct: 1.7, vs2019Pct: 3.3, vs3yrAvgPct: 2.9 },
      { month: '2025-07', value: 11_567_890, yoyPct: 2.9, vs2019Pct: 4.8, vs3yrAvgPct: 3.6 },
      { month: '2025-08', value: 12_345_678, yoyPct: 2.06, vs2019Pct: 5.44, vs3yrAvgPct: 3.42 },
    ],
    outlook: [
      { month: '2025-09', value: 9_812_345, low: 9_134_567, high: 10_498_765, yoyPct: 1.24 },
      { month: '2025-10', value: 7_190_000, low: 6_620_000, high: 7_880_000, yoyPct: -0.41 },
      { month: '2025-11', value: 4_010_000, low: 3_640_000, high: 4_420_000, yoyPct: null },
    ],
    outlookMethod: 'srw_growth_recent_holidays_log',
    context: {
      jetFuel: { month: '2025-07', usdGallon: 2.4137, yoyPct: -12.34 },
      currency: null,
      growth: { year: 2025, pct: 2.31, projected: true },
    },
    rivals: [
      { country: 'IT', name: 'Italy', score: 87, sharedMarkets: ['DE', 'GB'], month: '2025-08', yoyPct: 3.14 },
      { country: 'PT', name: 'Portugal', score: 74.5, sharedMarkets: ['GB'], month: '2025-07', yoyPct: -0.4 },
      { country: 'FR', name: 'France', score: 60, sharedMarkets: ['DE'], month: null, yoyPct: null },
    ],
    rivalFor: ['PT', 'HR'],
    names: { PT: 'Portugal', HR: 'Croatia' },
  };
}
