/**
 * One entry point for the reproduced tables of Li's thesis (Tables 2.1-4.3, Fig. 3.2), in the mode
 * `corrected` (the model as the thesis defines it) or `printed` (the computation behind the printed
 * numbers, errata named). Every table carries the transcribed printed numbers for comparison.
 */
import { table21 } from './stationary-factors.ts';
import { table22 } from './win-leaf-count.ts';
import { figure32 } from './error-propagation.ts';
import { table3x } from './correct-decision.ts';
import { table4x } from './alpha-beta-leaves.ts';
export { reproduceLi5 } from './chapter5/pruning-efficiency.ts';
import {
  LI_FIGURES,
  LI_MODES,
  LI_TABLES,
  type LiFigureId,
  type LiMode,
  type LiTableId,
  type LiTableResult,
} from './li-table.ts';

export function reproduceLiTable(table: LiTableId | LiFigureId, mode: LiMode): LiTableResult {
  if (!(LI_MODES as readonly string[]).includes(mode)) {
    throw new RangeError(`mode = ${String(mode)} is not allowed: use one of ${LI_MODES.join(', ')}`);
  }
  switch (table) {
    case '2.1':
      return table21(mode);
    case '2.2':
      return table22(mode);
    case '3.1':
    case '3.2':
    case '3.3':
      return table3x(table, mode);
    case '4.1':
    case '4.2':
    case '4.3':
      return table4x(table, mode);
    case 'fig3.2':
      return figure32(mode);
    default:
      throw new RangeError(
        `table = ${String(table)} is not allowed: use one of ${[...LI_TABLES, ...LI_FIGURES].join(', ')}`,
      );
  }
}
