/**
 * Tables 5.1-5.3 of Li 1989 (shared/li/chapter5/pruning-efficiency.ts) as the Studies tab shows them
 * (their CSV: shared/li/li5-study.ts): per (d, n) cell our per-tree means with 95 % intervals next to the thesis's totals ÷ 10,
 * flagged where the thesis's number lies outside our interval or its truncated efficiency differs.
 */
import type { Li5Cell } from '../../../shared/li/chapter5/pruning-efficiency.ts';

export interface Li5Flags {
  terminalsOutside: boolean;
  visitedOutside: boolean;
  /** our truncated efficiency ≠ the printed Table 5.3 entry */
  efficiencyDiffers: boolean;
}

export function li5Flags(c: Li5Cell): Li5Flags {
  return {
    terminalsOutside: c.printed.terminalsInInterval === false,
    visitedOutside: c.printed.visitedInInterval === false,
    efficiencyDiffers: c.printed.efficiency !== null && Math.abs(c.efficiency.truncated - c.printed.efficiency) > 1e-9,
  };
}
