/** The amount field keeps only digits and one dot, the first one typed (docs/product.md#wallet-tab). */
export function keepAmountCharacters(typed: string): string {
  const kept = typed.replace(/[^\d.]/g, '');
  const dot = kept.indexOf('.');
  return dot === -1 ? kept : kept.slice(0, dot + 1) + kept.slice(dot + 1).replaceAll('.', '');
}
