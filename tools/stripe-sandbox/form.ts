import { StripeApiError } from './errors';

/** A value from a Stripe-style form body: `a=1`, `a[b]=1` and `a[0]=1` nest into strings, objects and arrays. */
export type FormValue = string | FormValue[] | FormObject;
export interface FormObject {
  [key: string]: FormValue;
}

/**
 * Parses `application/x-www-form-urlencoded` the way the Stripe API reads it: bracketed keys build nested objects,
 * and an object whose keys are all indexes (`a[0]`, `a[1]`, or `a[]`) becomes an array.
 */
export function parseForm(body: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = keyPath(key);
    const leaf = path.pop() as string;
    let node = root;
    for (const segment of path) {
      const name = nextIndexIfEmpty(node, segment);
      const child = node[name] ?? {};
      if (typeof child === 'string' || Array.isArray(child)) throw invalidBody(key);
      node = node[name] = child;
    }
    const name = nextIndexIfEmpty(node, leaf);
    if (name in node) throw invalidBody(key);
    node[name] = value;
  }
  return withArrays(root) as FormObject;
}

function keyPath(key: string): string[] {
  const head = key.split('[', 1)[0] as string;
  const brackets = [...key.slice(head.length).matchAll(/\[([^[\]]*)\]/g)].map((match) => match[1] as string);
  return [head, ...brackets];
}

// `a[]=x&a[]=y` appends, like PHP and Rails forms that some clients mimic.
function nextIndexIfEmpty(node: FormObject, segment: string): string {
  return segment === '' ? String(Object.keys(node).length) : segment;
}

function withArrays(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const children = Object.fromEntries(keys.map((key) => [key, withArrays(value[key] as FormValue)]));
  const isList = keys.length > 0 && keys.every((key) => /^\d+$/.test(key));
  return isList ? keys.sort((a, b) => Number(a) - Number(b)).map((key) => children[key] as FormValue) : children;
}

function invalidBody(key: string): StripeApiError {
  return new StripeApiError(400, {
    type: 'invalid_request_error',
    message: `Invalid form body: conflicting values for '${key}'.`,
  });
}
