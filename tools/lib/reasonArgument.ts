/** An admin script's `--reason WHY` (for the audit log), and its other arguments. */
export function reasonArgument(args: readonly string[]): { reason: string | null; rest: string[] } {
  const at = args.indexOf('--reason');
  if (at === -1) return { reason: null, rest: [...args] };
  return { reason: args[at + 1] ?? null, rest: [...args.slice(0, at), ...args.slice(at + 2)] };
}
