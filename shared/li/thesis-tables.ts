/**
 * The thesis's printed numbers (Li 1989, Tables 2.1-4.3), transcribed from the OCR text
 * ../shared/papers/002_07158cd47cfe32e2.txt exactly as printed, typos included. Ch. 3 tables are
 * stored one row per printed column (D(1..h, h) and the pathology sum PS). Where the OCR lost a number
 * it is null and a note says so; nothing is filled in from the formulas. The cells are data, in
 * thesis-tables.json, one row per printed row.
 */
import type { LiTableId, PrintedTable } from './li-table.ts';
import CELLS from './thesis-tables.json';

type Cells = number[];
const pairs = (p0: number | undefined, rows: Cells[]) =>
  rows.map(([f1, f2, ...values]) => ({ ...(p0 === undefined ? {} : { p0 }), f1, f2, values }));
const columns = (factors: [number, number][], cols: Cells[], ps: (number | null)[], h: number) =>
  factors.map(([f1, f2], i) => ({
    f1,
    f2,
    values: i < cols.length ? cols[i] : new Array<number | null>(h).fill(null),
    ps: ps[i],
  }));

/**
 * The printed cells (thesis-tables.json), one array per printed row: Table 2.1 (OCR lines 688-703) in three
 * blocks of (f1, f2) for p0 = 0.333, 0.500, 0.618; Table 2.2 p0, f1, f2, R_1..R_8; Ch. 3 tables one entry per
 * printed column, D(1..h, h) (h = 9, 9, 10); Ch. 4 tables f1, f2, N_1..N_5.
 */
const { '2.1': T21, '2.2': T22, '3.1': T31, '3.2': T32, '3.3': T33, '4.1': T41, '4.2': T42, '4.3': T43 } = CELLS;

const tenths = (g: (i: number) => [number, number]) => Array.from({ length: 11 }, (_, i) => g(i));

/** The 21 stationary p0 = 0.5 pairs of Table 3.3, as printed there (first 14) and in Table 4.2 (last 7). */
const TABLE_3_3_FACTORS: [number, number][] = T42.map(([f1, f2]) => [f1, f2]);

export const PRINTED_TABLES: Record<LiTableId, PrintedTable> = {
  '2.1': {
    title: 'Table 2.1 Some Combinations of f1 and f2 for P_k = p0',
    digits: 3,
    factorDigits: 3,
    rows: [...pairs(0.333, T21[0]), ...pairs(0.5, T21[1]), ...pairs(0.618, T21[2])],
    notes: [
      'the printed p0 = 0.333, 0.500, 0.618 stand for 1/3, 1/2 and (√5−1)/2 (text of Ch. 2 §3)',
      'only f1 and f2 are printed: values are empty',
    ],
  },
  '2.2': {
    title: 'Table 2.2 The Average Numbers of Terminal Win Nodes (R_1..R_8)',
    digits: 3,
    factorDigits: 1,
    rows: T22.map(([p0, f1, f2, ...values]) => ({ p0, f1, f2, values })),
    notes: [],
  },
  '3.1': {
    title: 'Table 3.1 The Probabilities for Correct Decision with h = 9 and f1 = f2',
    digits: 3,
    factorDigits: 1,
    rows: columns(
      tenths((i) => [i / 10, i / 10]),
      T31,
      [0, 0.028, 0.005, 0.008, 0.007, 0.001, 0, 0, 0, 0, 0],
      9,
    ),
    notes: ['one row per printed column: values = D(1..9, 9), ps = the PS row'],
  },
  '3.2': {
    title: 'Table 3.2 The Probabilities for Correct Decision with h = 9 and f1 + f2 = 1',
    digits: 3,
    factorDigits: 1,
    rows: columns(
      tenths((i) => [i / 10, (10 - i) / 10]),
      T32,
      [0, 0, 0, 0, 0.001, 0.001, 0, 0.029, 0.122, 0.206, 0],
      9,
    ),
    notes: ['one row per printed column: values = D(1..9, 9), ps = the PS row'],
  },
  '3.3': {
    title: 'Table 3.3 The Probabilities for Correct Decision with h = 10 and p0 = 0.5',
    digits: 3,
    factorDigits: 3,
    rows: columns(
      TABLE_3_3_FACTORS,
      T33,
      [
        0.025,
        0.017,
        0.014,
        0.015,
        0.016,
        0.015,
        0.012,
        0.008,
        0.003,
        0,
        0,
        0,
        0,
        0,
        null,
        null,
        null,
        null,
        null,
        null,
        null,
      ],
      10,
    ),
    notes: [
      'one row per printed column: values = D(1..10, 10), ps = the PS row',
      'the third block (7 columns, f2 = 0.800 .. 1.000) is missing from the OCR: its values and PS are null; its (f1, f2) are the p0 = 0.5 pairs as printed in Table 4.2',
    ],
  },
  '4.1': {
    title: 'Table 4.1 The Numbers of Visited Terminal Nodes (P_k = p0 = 0.333)',
    digits: 3,
    factorDigits: 3,
    rows: pairs(0.333, T41),
    notes: ['p0 as printed in the title: 0.333'],
  },
  '4.2': {
    title: 'Table 4.2 The Numbers of Visited Terminal Nodes (P_k = p0 = 0.5)',
    digits: 3,
    factorDigits: 3,
    rows: pairs(0.5, T42),
    notes: [],
  },
  '4.3': {
    title: 'Table 4.3 The Numbers of Visited Terminal Nodes (P_k = p0 = 0.618)',
    digits: 3,
    factorDigits: 3,
    rows: pairs(0.618, T43),
    notes: ['p0 as printed in the title: 0.618', 'row 0.935/0.900, N_6 is printed 73.540 (kept as printed)'],
  },
};
