/** Where the prices on a screen come from, from the products' `source` (DESIGN.md 0: honest labels). */
export type PriceSourceKind = 'simulated' | 'live' | 'mixed';

/** Only "live" is a real exchange; anything else is shown as simulated, the claim that never overstates. */
export function priceSourceOf(source: string): 'simulated' | 'live' {
  return source === 'live' ? 'live' : 'simulated';
}

/** One label for several products: theirs when they agree, "mixed" when they do not; null with none. */
export function priceSourceKind(sources: readonly string[]): PriceSourceKind | null {
  const kinds = new Set(sources.map(priceSourceOf));
  if (kinds.size === 0) return null;
  return kinds.size > 1 ? 'mixed' : [...kinds][0]!;
}
