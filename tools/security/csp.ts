/** A Content-Security-Policy as directive name -> sources, in the order written. */
export type Csp = Map<string, string[]>;

export function parseCsp(header: string): Csp {
  const csp: Csp = new Map();
  for (const part of header.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (!name) continue;
    if (csp.has(name.toLowerCase())) throw new Error(`CSP names ${name} twice: browsers ignore the second one`);
    csp.set(name.toLowerCase(), sources);
  }
  return csp;
}

export function formatCsp(csp: Csp): string {
  return [...csp].map(([name, sources]) => [name, ...sources].join(' ')).join('; ');
}

/** The policy with `extra` sources added to the directives named (each directive must already be there). */
export function withSources(header: string, extra: Record<string, readonly string[]>): string {
  const csp = parseCsp(header);
  for (const [name, sources] of Object.entries(extra)) {
    const current = csp.get(name);
    if (!current) throw new Error(`CSP has no ${name} directive to extend`);
    csp.set(name, [...current, ...sources.filter((s) => !current.includes(s))]);
  }
  return formatCsp(csp);
}
