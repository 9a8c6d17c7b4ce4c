/** The arguments of `gtlab generate prefix-value` for a small seeded tree, as the CLI tests run it. */

/** `generate prefix-value` with seed 1: depth, branching (N or MIN..MAX), damage, output file. */
export const generatePrefixValue = (depth: string, branching: string, damage: string, out: string): string[] => [
  'generate',
  'prefix-value',
  '--depth',
  depth,
  '--branching',
  branching,
  '--damage',
  damage,
  '--seed',
  '1',
  '--out',
  out,
];
