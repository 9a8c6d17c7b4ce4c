/**
 * The search series the trace tests run on each spec: every algorithm (alpha-beta, NegaScout, MTD(f)),
 * every kind of ordering (natural, by estimate, and a weighted FCF that reads values and sizes; Furtak &
 * Buro 2009, Sec. 8), and one series that keeps a transposition table between passes.
 */
export const TRACE_SERIES = [
  { algorithm: 'alphabeta', ordering: 'natural' },
  { algorithm: 'alphabeta', ordering: 'estimate' },
  { algorithm: 'alphabeta', ordering: 'fcf-weighted:1,0.5,0.5' },
  { algorithm: 'negascout', ordering: 'fcf-weighted:1,0.5,0.5' },
  { algorithm: 'mtdf', ordering: 'fcf-weighted:1,0.5,0.5' },
  { algorithm: 'negascout', ordering: 'estimate', memory: 'both' },
];
