import { hitChanceText } from '../lib/hitChance';

/**
 * A prediction's chance of a hit, on a line of its own. Nothing for predictions made before the odds existed
 * (`null`): their odds were never computed and are not made up afterwards.
 */
export function HitChance({ probability, className }: { probability: number | null; className?: string }) {
  if (probability === null) return null;
  return <span className={className ? `hit-chance ${className}` : 'hit-chance'}>{hitChanceText(probability)}</span>;
}
