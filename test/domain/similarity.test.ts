import { describe, expect, it } from 'vitest';
import { rivals, type RivalProfile } from '../../src/domain/similarity';

// Spain's mix (percent); its own code (domestic) is always left out.
const spainFixture: RivalProfile = { country: 'ES', mix: { GB: 30, DE: 20, FR: 20, US: 10, ES: 20 } };

const candidatesFixture: RivalProfile[] = [
  spainFixture, // the target itself: never a rival
  // PT: without ES → GB 40, DE 10, US 30 of 80 = .5, .125, .375.
  // Spain without ES (and PT, absent) → GB .375, DE .25, FR .25, US .125.
  // overlap = min(.375,.5) + min(.25,.125) + 0 + min(.125,.375) = .375 + .125 + .125 = .625 → 62.5
  { country: 'PT', mix: { GB: 40, DE: 10, US: 30, ES: 20 } },
  // MT: same mix as PT → same score, listed before PT by code
  { country: 'MT', mix: { GB: 40, DE: 10, US: 30, ES: 20 } },
  // FR: both home codes dropped from both mixes → Spain GB 30, DE 20, US 10 of 60 = .5, .333, .167;
  // France GB .25, DE .25, IT .5 → overlap .25 + .25 = .5 → 50
  { country: 'FR', mix: { GB: 25, DE: 25, FR: 50, IT: 50 } },
  // CY (fractions): GB .97, DE .02, US .01 → overlap .375 + .02 + .01 = .405 → 40.5;
  // US at 1% is below the 2% needed to count as shared
  { country: 'CY', mix: { GB: 0.97, DE: 0.02, US: 0.01 } },
  // IT: no market in common → score 0 → not a rival
  { country: 'IT', mix: { JP: 100 } },
  // GR: no mix → cannot be compared by origin
  { country: 'GR', mix: {} },
];

describe('rivals by origin mix', () => {
  const found = rivals(spainFixture, candidatesFixture);

  it('scores the overlap of mixes, ties by code', () => {
    expect(found.map((r) => [r.rank, r.country, r.score])).toEqual([
      [1, 'MT', 62.5],
      [2, 'PT', 62.5],
      [3, 'FR', 50],
      [4, 'CY', 40.5],
    ]);
  });

  it('lists markets of at least 2% in both, largest common share first', () => {
    // PT common shares: GB .375, DE .125, US .125 (tie → code order)
    expect(found[1].shared_markets).toEqual(['GB', 'DE', 'US']);
    expect(found[2].shared_markets).toEqual(['DE', 'GB']); // .25 each
    expect(found[3].shared_markets).toEqual(['GB', 'DE']);
    expect(found[1].basis).toBe(
      'Origin-market mix overlap of 62.5%: the sum, over markets, of the smaller of the two shares (home markets left out). Largest shared markets: GB, DE, US.',
    );
  });

  it('keeps at most `max`', () => {
    expect(rivals(spainFixture, candidatesFixture, 2).map((r) => r.country)).toEqual(['MT', 'PT']);
  });
});

describe('rivals by season when origins are unknown', () => {
  const season = [50, 50, 50, 50, 100, 100, 150, 150, 100, 100, 50, 50];
  const targetFixture: RivalProfile = { country: 'IS', mix: { IS: 100 }, season }; // only the home market → unknown
  const seasonCandidatesFixture: RivalProfile[] = [
    { country: 'AA', mix: {}, season: season.map((v) => v * 2) }, // same shape: r = 1 → 100
    // Summer-only shape 0/1 in Jul–Aug. Deviations of the target from its mean 83.33: −33.33 (×6),
    // +16.67 (×4), +66.67 (×2); Σxy = 2 × 66.67 = 133.33; Sxx = 16 666.7; Syy = 2 − 12/36 = 1.667;
    // r = 133.33 / √(16 666.7 × 1.667) = 133.33 / 166.67 = 0.8 → 80
    { country: 'BB', mix: {}, season: [0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0] },
    { country: 'CC', mix: {}, season: season.map((v) => 200 - v) }, // opposite: r = −1 → 0 → left out
    { country: 'DD', mix: {}, season: Array(12).fill(100) }, // flat: r undefined → left out
    { country: 'EE', mix: { GB: 1 } }, // no season → left out
  ];

  it('scores correlation of seasonal shape and says so', () => {
    const found = rivals(targetFixture, seasonCandidatesFixture);
    expect(found.map((r) => [r.rank, r.country, r.score])).toEqual([
      [1, 'AA', 100],
      [2, 'BB', 80],
    ]);
    expect(found[1].shared_markets).toEqual([]);
    expect(found[1].basis).toContain('Origin markets unknown for IS');
    expect(found[1].basis).toContain('0.8');
  });
});
