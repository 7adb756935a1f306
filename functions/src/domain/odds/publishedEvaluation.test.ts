import { describe, expect, it } from 'vitest';
import { PublishedEvaluation } from '@stockseer/contract';
import published from './publishedEvaluation.json';
import { CALIBRATION_PARAMS } from './calibration';

describe('the published evaluation', () => {
  it('is of the parameters in use, and says a row meets the targets only when its worst fold does', () => {
    const evaluation = PublishedEvaluation.parse(published);
    expect(evaluation.parameterVersion).toBe(CALIBRATION_PARAMS.version);
    expect(evaluation.calibrationEnd).toBe(CALIBRATION_PARAMS.calibrationEnd);
    for (const row of evaluation.rows) {
      const worst = row.worstFold;
      expect(row.meetsTargets).toBe(worst.brierSkill >= 0.02 && worst.slope >= 0.85 && worst.slope <= 1.15);
      expect(row.reliability.reduce((sum, d) => sum + d.forecasts, 0)).toBe(row.forecasts);
    }
  });
});
