/**
 * The shape of a reproduced table of Liwu Li's thesis ("Probabilistic Analysis of Search", U. Alberta
 * 1989; Tables 2.1-4.3 and Fig. 3.2) and of the thesis's printed numbers transcribed for comparison.
 *
 * Two modes: `corrected` computes the model exactly as the thesis defines it (its recurrences and
 * definitions); `printed` is the computation that reproduces the printed numbers, errata included,
 * and names each erratum in `errata`.
 */

export const LI_TABLES = ['2.1', '2.2', '3.1', '3.2', '3.3', '4.1', '4.2', '4.3'] as const;
export type LiTableId = (typeof LI_TABLES)[number];
/** Fig. 3.2 has no printed numbers; it is reproduced through the same entry point. */
export const LI_FIGURES = ['fig3.2'] as const;
export type LiFigureId = (typeof LI_FIGURES)[number];
export const LI_MODES = ['corrected', 'printed'] as const;
export type LiMode = (typeof LI_MODES)[number];

interface LiRow {
  /** probability that Max wins the root (absent where the table does not depend on it: Ch. 3) */
  p0?: number;
  f1: number;
  f2: number;
  /** 2.1: P_1..P_8 by (2.7); 2.2: R_1..R_8; 3.x: D(1..h, h); 4.x: N_6..N_10; fig3.2: [α_j, β_j] */
  values: number[];
  /** 3.x: the pathology sum PS of the column */
  ps?: number;
  /** 2.2, 4.x in corrected mode: the same quantities from the closed form ((2.9), resp. W_k/L_k of §4) */
  closedForm?: number[];
  /** fig3.2: the back-up step j (the point at depth 2(k − j)) */
  step?: number;
}

interface PrintedRow {
  p0?: number;
  f1: number;
  f2: number;
  /** null where the OCR lost the number (nothing is invented) */
  values: (number | null)[];
  ps?: number | null;
}

export interface PrintedTable {
  title: string;
  /** decimals the thesis prints the values with */
  digits: number;
  /** decimals of the printed f1/f2 */
  factorDigits: number;
  rows: PrintedRow[];
  /** what the transcription could not read or had to decide */
  notes: string[];
}

export interface LiTableResult {
  table: LiTableId | LiFigureId;
  mode: LiMode;
  title: string;
  /** names of the entries of `values` */
  columns: string[];
  rows: LiRow[];
  /** the thesis's errors this mode reproduces (printed) or avoids (corrected) */
  errata: string[];
  /** inputs and conventions (how p0, f1, f2 were taken; what a value means) */
  notes: string[];
  /** the printed numbers, row by row in the same order as `rows` */
  printed?: PrintedTable;
}
