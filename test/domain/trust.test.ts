import { describe, expect, it } from 'vitest';
import { trustGrade } from '../../src/domain/trust';

describe('trustGrade', () => {
  it('gives 100 to a complete, timely, unflagged, unrevised series', () => {
    // 0.4×100 + 0.3×100 (1 month behind is normal) + 0.2×100 + 0.1×100
    expect(trustGrade({ completePct: 100, revisions: 0, flaggedShare: 0, monthsBehind: 1 })).toEqual({ grade: 'A', score: 100 });
  });

  it('weights the four parts', () => {
    // completeness 90; timeliness 100 − 10×(3−1) = 80; firmness (1 − 0.25)×100 = 75; stability 100 − 5×4 = 80
    // 0.4×90 + 0.3×80 + 0.2×75 + 0.1×80 = 36 + 24 + 15 + 8 = 83 → B
    expect(trustGrade({ completePct: 90, revisions: 4, flaggedShare: 0.25, monthsBehind: 3 })).toEqual({ grade: 'B', score: 83 });
    // 0.4×70 + 0.3×(100 − 40) + 0.2×50 + 0.1×(100 − 50) = 28 + 18 + 10 + 5 = 61 → C
    expect(trustGrade({ completePct: 70, revisions: 10, flaggedShare: 0.5, monthsBehind: 5 })).toEqual({ grade: 'C', score: 61 });
  });

  it('floors each part at 0', () => {
    // 0.4×50 + 0 (20 behind) + 0 (all flagged) + 0 (30 revisions) = 20 → D
    expect(trustGrade({ completePct: 50, revisions: 30, flaggedShare: 1, monthsBehind: 20 })).toEqual({ grade: 'D', score: 20 });
  });

  it('puts 85 in A', () => {
    // 40 + 30 + 0.2×75 + 0 = 85
    expect(trustGrade({ completePct: 100, revisions: 20, flaggedShare: 0.25, monthsBehind: 0 })).toEqual({ grade: 'A', score: 85 });
  });
});
