import { describe, expect, it } from 'vitest';
import { RECOMMENDED_DEFAULTS, recommendedModels, resolveModelChoice } from './selection';

describe('resolveModelChoice', () => {
  it('runs the benchmark default for "recommended" while no admin changed it', () => {
    expect(resolveModelChoice('recommended', 'short', {})).toBe(RECOMMENDED_DEFAULTS.short);
    expect(resolveModelChoice('recommended', 'long', {})).toBe(RECOMMENDED_DEFAULTS.long);
  });

  it("runs the admin's default for that timeframe only", () => {
    const overrides = { medium: 'prophet' } as const;
    expect(resolveModelChoice('recommended', 'medium', overrides)).toBe('prophet');
    expect(resolveModelChoice('recommended', 'short', overrides)).toBe(RECOMMENDED_DEFAULTS.short);
  });

  it('runs a named model as chosen, whatever the defaults', () => {
    expect(resolveModelChoice('prophet', 'short', { short: 'xgboost' })).toBe('prophet');
    expect(resolveModelChoice('arima', 'long', {})).toBe('arima');
  });
});

describe('recommendedModels', () => {
  it('names a model for every timeframe, overrides first', () => {
    expect(recommendedModels({})).toEqual(RECOMMENDED_DEFAULTS);
    expect(recommendedModels({ long: 'prophet' })).toEqual({ ...RECOMMENDED_DEFAULTS, long: 'prophet' });
  });
});
