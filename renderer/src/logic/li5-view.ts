/**
 * Tables 5.1-5.3 of Li 1989 (shared/li/chapter5/pruning-efficiency.ts) as the Studies tab shows and
 * exports them: per (d, n) cell our per-tree means with 95 % intervals next to the thesis's totals ÷ 10,
 * flagged where the thesis's number lies outside our interval or its truncated efficiency differs.
 */
import type { Li5Cell, Li5Result } from '../../../shared/li/chapter5/pruning-efficiency.ts';

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

export function li5Csv(r: Li5Result, generator: string): string {
  const lines = [
    `# Li 1989 ${r.title}; ${r.trees} trees per cell, seed ${r.seed}; ${generator}`,
    'd,n,terminals_mean,terminals_lo,terminals_hi,terminals_thesis_per_tree,pab_mean,pab_lo,pab_hi,pab_thesis_per_tree,rab_mean,informed_mean,efficiency,efficiency_lo,efficiency_hi,efficiency_truncated,efficiency_thesis,pab_rab_mismatches',
  ];
  const s = (x: number | null) => (x === null ? '' : String(x));
  for (const c of r.cells) {
    lines.push([
      c.d, c.n, c.terminals.mean, c.terminals.lo, c.terminals.hi, s(c.printed.terminalsPerTree),
      c.pab.mean, c.pab.lo, c.pab.hi, s(c.printed.visitedPerTree), c.rab.mean, c.informed.mean,
      c.efficiency.value, c.efficiency.lo, c.efficiency.hi, c.efficiency.truncated, s(c.printed.efficiency), c.pabRabMismatches,
    ].join(','));
  }
  return `${lines.join('\n')}\n`;
}
