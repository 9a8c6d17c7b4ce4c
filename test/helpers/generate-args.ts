/** The arguments of `gtlab generate prefix-value` for a small seeded tree, as the CLI tests run it. */

/**
 * `generate prefix-value`: depth, branching (N or MIN..MAX), damage, output file, and the uniform
 * noise's half-width (none unless given) and the seed (1 unless given).
 */
export const generatePrefixValue = (
  depth: string,
  branching: string,
  damage: string,
  out: string,
  { noise, seed = '1' }: { noise?: string; seed?: string } = {},
): string[] => [
  'generate',
  'prefix-value',
  '--depth',
  depth,
  '--branching',
  branching,
  '--damage',
  damage,
  ...(noise === undefined ? [] : ['--noise', noise]),
  '--seed',
  seed,
  '--out',
  out,
];
