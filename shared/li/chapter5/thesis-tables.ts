/**
 * Li 1989, Ch. 5 §6, Tables 5.1-5.3 transcribed from the OCR text ../shared/papers/002_07158cd47cfe32e2.txt
 * (lines 2364-2390) exactly as printed: rows d = 5..8, columns n = 4..7. Every cell was legible
 * (no nulls). Table 5.1 is the total number of terminal nodes in ten (d, n)-random trees, Table 5.2
 * the total visited by P_AB (= R_AB), Table 5.3 the efficiency 1 − T5.2/T5.1 truncated (not rounded)
 * to two decimals: all 16 printed cells of 5.3 follow from 5.1 and 5.2 that way (e.g. d = 5, n = 4:
 * 1 − 250/323 = 0.226 → .22; rounding would give .23).
 */
export const LI5_DEPTHS = [5, 6, 7, 8] as const;
export const LI5_WIDTHS = [4, 5, 6, 7] as const;
/** trees per cell in the thesis */
export const LI5_THESIS_TREES = 10;

type Grid = (number | null)[][];

export const PRINTED_TABLE_5_1: Grid = [
  [323, 919, 1943, 2022],
  [623, 2865, 5621, 9827],
  [2149, 9529, 21820, 30402],
  [3537, 26371, 70289, 220723],
];

export const PRINTED_TABLE_5_2: Grid = [
  [250, 692, 1100, 1044],
  [538, 1481, 3074, 3827],
  [1371, 5110, 10076, 11528],
  [2593, 14268, 29867, 72564],
];

export const PRINTED_TABLE_5_3: Grid = [
  [0.22, 0.24, 0.43, 0.48],
  [0.13, 0.48, 0.45, 0.61],
  [0.36, 0.46, 0.53, 0.62],
  [0.26, 0.45, 0.57, 0.67],
];

/** Table 5.3's rule: 1 − visited/terminals, truncated to `digits` decimals. */
export function truncatedEfficiency(visited: number, terminals: number, digits = 2): number {
  const s = 10 ** digits;
  // The small epsilon keeps an exact quotient such as 0.29 (0.28999… in binary) from truncating down.
  return Math.floor((1 - visited / terminals) * s + 1e-9) / s;
}
