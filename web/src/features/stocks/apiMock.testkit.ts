import { vi } from 'vitest';

/**
 * Stand-in for lib/api in component tests (`vi.mock('../../lib/api', () => apiModuleMock())`): `api` is a mock to
 * program per test, and ApiError keeps its shape without loading Firebase.
 */
export function apiModuleMock() {
  return {
    api: vi.fn(),
    ApiError: class ApiError extends Error {
      constructor(
        readonly status: number,
        message: string,
        readonly retryAfterSeconds?: number,
      ) {
        super(message);
        this.name = 'ApiError';
      }
    },
  };
}
