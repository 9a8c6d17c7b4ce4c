/** Sweep files (format gtlab-sweep) as the tests hand them to `gtlab sweep`, the app and the parsers. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The sweep `name`: the `grid` over `base` (a preset's name or a spec), then any `more` fields (cells). */
export function sweepFile(name: string, base: unknown, grid: Record<string, unknown[]>, more: object = {}) {
  return { format: 'gtlab-sweep', version: 1, name, base, grid, ...more };
}

/** `sweep` written to `file` in `dir` as `gtlab sweep` reads it; returns `sweep`. */
export function writeSweepFile<T>(dir: string, file: string, sweep: T): T {
  writeFileSync(join(dir, file), JSON.stringify(sweep));
  return sweep;
}
