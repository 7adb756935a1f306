import { invalidRequest } from './errors';
import type { FormObject, FormValue } from './form';

// Readers for request parameters with Stripe's validation messages, so that a mistake in our functions fails here
// the way it would fail against api.stripe.com rather than passing silently.

export function rejectUnknownParams(form: FormObject, allowed: readonly string[]): void {
  const unknown = Object.keys(form).find((name) => !allowed.includes(name));
  if (unknown !== undefined) {
    throw invalidRequest(`Received unknown parameter: ${unknown}`, { code: 'parameter_unknown', param: unknown });
  }
}

export function required<T>(value: T | undefined, param: string): T {
  if (value === undefined)
    throw invalidRequest(`Missing required param: ${param}.`, { code: 'parameter_missing', param });
  return value;
}

export function readString(value: FormValue | undefined, param: string): string | undefined {
  if (value === undefined || typeof value === 'string') return value;
  throw invalidRequest(`Invalid string: ${param} must be a string`, { param });
}

export function readInteger(value: FormValue | undefined, param: string): number | undefined {
  const text = readString(value, param);
  if (text === undefined) return undefined;
  if (!/^-?\d+$/.test(text))
    throw invalidRequest(`Invalid integer: ${text}`, { code: 'parameter_invalid_integer', param });
  return Number(text);
}

export function readBoolean(value: FormValue | undefined, param: string): boolean | undefined {
  const text = readString(value, param);
  if (text === undefined) return undefined;
  if (text === 'true' || text === 'false') return text === 'true';
  throw invalidRequest(`Invalid boolean: ${text}`, { param });
}

export function readObject(value: FormValue | undefined, param: string): FormObject | undefined {
  if (value === undefined || (typeof value === 'object' && !Array.isArray(value))) return value;
  throw invalidRequest(`Invalid object: ${param} must be a hash`, { param });
}

export function readStringList(value: FormValue | undefined, param: string): string[] | undefined {
  if (value === undefined) return undefined;
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value as string[];
  throw invalidRequest(`Invalid array: ${param} must be a list of strings`, { param });
}

// Stripe's metadata limits: 50 keys, key names up to 40 characters, values up to 500.
export function readMetadata(value: FormValue | undefined): Record<string, string> {
  const metadata = readObject(value === '' ? undefined : value, 'metadata') ?? {};
  const entries = Object.entries(metadata);
  if (entries.length > 50) throw invalidRequest('Metadata can have at most 50 keys.', { param: 'metadata' });
  for (const [key, item] of entries) {
    const param = `metadata[${key}]`;
    if (typeof item !== 'string') throw invalidRequest(`Invalid string: ${param} must be a string`, { param });
    if (key.length > 40) throw invalidRequest(`Metadata keys can be at most 40 characters: ${key}`, { param });
    if (item.length > 500) throw invalidRequest(`Metadata values can be at most 500 characters.`, { param });
  }
  return metadata as Record<string, string>;
}
