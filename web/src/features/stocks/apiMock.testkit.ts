import { vi } from 'vitest';
import { ApiError } from '../../lib/apiError';

/**
 * Stand-in for lib/api in component tests (`vi.mock('../../lib/api', () => apiModuleMock())`): `api` is a mock to
 * program per test; ApiError is the real one (lib/apiError.ts loads no Firebase).
 */
export function apiModuleMock() {
  return { api: vi.fn(), ApiError };
}
