import { formatChance } from './format';

/** Issue 12: the words every card, table row and preview uses for a prediction's calibrated chance of a hit. */
export const hitChanceText = (probability: number) => `Chance of a hit: ${formatChance(probability)}`;
