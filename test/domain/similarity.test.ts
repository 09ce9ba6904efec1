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
  // CY (fractions): GB .97, DE .02, US .005 of .995 → .9749, .0201, .0050 → overlap .375 + .0201 + .0050
  // = .4001 → 40; US at 0.5% is below the 1% needed to count as shared
  { country: 'CY', mix: { GB: 0.97, DE: 0.02, US: 0.005 } },
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
      [4, 'CY', 40],
    ]);
  });

  it('lists markets of at least 1% in both, largest common share first', () => {
    // PT common shares: GB .375, DE .125, US .125 (tie → code order)
    expect(found[1].sharedMarkets).toEqual(['GB', 'DE', 'US']);
    expect(found[2].sharedMarkets).toEqual(['DE', 'GB']); // .25 each
    expect(found[3].sharedMarkets).toEqual(['GB', 'DE']);
    expect(found[1].markets).toBe(4); // GB, DE, FR, US
    expect(found[1].basis).toBe(
      'Origin-market overlap of 62.5% over 4 origin markets (home markets left out): the sum, over markets, of the smaller of the two shares. Shared markets (at least 1% of both) make up 62.5 points, led by GB 37.5, DE 12.5, US 12.5; the other 1 market 0.0.',
    );
  });

  it('keeps at most `max`', () => {
    expect(rivals(spainFixture, candidatesFixture, 2).map((r) => r.country)).toEqual(['MT', 'PT']);
  });
});

describe('rivals by country-of-origin matrix, over the markets both list', () => {
  // Trips by origin (rows: destination; columns: origin). A missing cell is "not published".
  //        AA    DE   FR   NL   IT
  //  AA   (500)  50   30   20    –     AA's own residents (domestic) never count
  //  BB     –    20   20   10   50     IT is not listed for AA: cut → DE .4, FR .4, NL .2
  //  CC     –    10   80   10    –
  //  DD     –    50   30    –    –     2 markets in common: fewer than 3 → not scored
  //  EE   1000   50   30   20    –     AA is the target's home market: dropped from both mixes
  const target: RivalProfile = { country: 'AA', mix: { AA: 500, DE: 50, FR: 30, NL: 20 } };
  const matrix: RivalProfile[] = [
    { country: 'BB', mix: { DE: 20, FR: 20, NL: 10, IT: 50 } },
    { country: 'CC', mix: { DE: 10, FR: 80, NL: 10 } },
    { country: 'DD', mix: { DE: 50, FR: 30 } },
    { country: 'EE', mix: { AA: 1000, DE: 50, FR: 30, NL: 20 } },
  ];
  // AA over DE, FR, NL: .5, .3, .2.
  // BB: min(.5,.4) + min(.3,.4) + min(.2,.2) = .4 + .3 + .2 = .9 → 90
  // CC: min(.5,.1) + min(.3,.8) + min(.2,.1) = .1 + .3 + .1 = .5 → 50
  // EE without AA: .5, .3, .2 → 100
  const found = rivals(target, matrix, 6, { commonMarketsOnly: true, minMarkets: 3 });

  it('scores the overlap over the common markets only, with a minimum of markets compared', () => {
    expect(found.map((r) => [r.rank, r.country, r.score, r.markets])).toEqual([
      [1, 'EE', 100, 3],
      [2, 'BB', 90, 3],
      [3, 'CC', 50, 3],
    ]);
  });

  it('names the markets compared and the shared markets that make the score', () => {
    expect(found[1].sharedMarkets).toEqual(['DE', 'FR', 'NL']);
    expect(found[1].basis).toBe(
      'Origin-market overlap of 90% over the 3 origin markets listed for both (each mix rescaled to those markets, home markets left out): the sum, over markets, of the smaller of the two shares. Shared markets (at least 1% of both) make up 90.0 points, led by DE 40.0, FR 30.0, NL 20.0.',
    );
  });

  it('without the cut, a market listed for one side only counts as no visitors', () => {
    // BB over DE, FR, NL, IT: .2, .2, .1, .5 → .2 + .2 + .1 = .5 → 50
    expect(rivals(target, matrix.slice(0, 1)).map((r) => r.score)).toEqual([50]);
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
    expect(found[1].sharedMarkets).toEqual([]);
    expect(found[1].basis).toContain('Origin markets unknown for IS');
    expect(found[1].basis).toContain('0.8');
  });
});
