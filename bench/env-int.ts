/** A benchmark's size from the environment: a non-negative integer, else the default; anything else is refused by name. */
export function envInt(name: string, dflt: number): number {
  const s = process.env[name];
  if (s === undefined) return dflt;
  const x = Number(s);
  if (!Number.isInteger(x) || x < 0) throw new RangeError(`${name} = ${s} is not allowed: it must be an integer ≥ 0`);
  return x;
}
