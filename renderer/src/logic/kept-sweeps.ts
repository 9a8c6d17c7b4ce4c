/**
 * The sweeps the app has started or opened, kept in the renderer's storage so that the Sweep tab and
 * History find them again after a reload: each sweep's name, its swept axes and its cells (slug,
 * parameters, the run of each cell). The cells' runs are in the run store like any other run; a kept
 * sweep only ties them together. A record that does not read as one is left out, not guessed at.
 */
import { z } from 'zod';

export interface KeptSweepCell {
  slug: string;
  params: Record<string, unknown>;
  runId: string | null;
}

export interface KeptSweep {
  /** unique among kept sweeps: when it was started or opened, and its name */
  id: string;
  name: string;
  /** ISO time it was started or opened */
  at: string;
  axes: string[];
  figureAxes: string[];
  cells: KeptSweepCell[];
}

const KeptSweepSchema = z.object({
  id: z.string(),
  name: z.string(),
  at: z.string(),
  axes: z.array(z.string()),
  figureAxes: z.array(z.string()),
  cells: z.array(
    z.object({ slug: z.string(), params: z.record(z.string(), z.unknown()), runId: z.string().nullable() }),
  ),
});

/** The storage key, and how many sweeps are kept (the oldest are let go first). */
export const KEPT_SWEEPS_KEY = 'gtlab.sweeps';
export const KEPT_SWEEPS_MAX = 50;

type Store = Pick<Storage, 'getItem' | 'setItem'>;

/** The kept sweeps, newest first; records that are not sweeps are left out. */
export function readKeptSweeps(storage: Store): KeptSweep[] {
  let list: unknown;
  try {
    list = JSON.parse(storage.getItem(KEPT_SWEEPS_KEY) ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(list)) return [];
  return list.flatMap((x) => {
    const r = KeptSweepSchema.safeParse(x);
    return r.success ? [r.data as KeptSweep] : [];
  });
}

function write(storage: Store, list: KeptSweep[]): KeptSweep[] {
  const kept = list.slice(0, KEPT_SWEEPS_MAX);
  storage.setItem(KEPT_SWEEPS_KEY, JSON.stringify(kept));
  return kept;
}

/** Keep `s` (replacing the record with its id, else as the newest); the list as now kept. */
export function keepSweep(storage: Store, s: KeptSweep): KeptSweep[] {
  const list = readKeptSweeps(storage);
  const at = list.findIndex((k) => k.id === s.id);
  return write(storage, at < 0 ? [s, ...list] : list.with(at, s));
}

/** Let the sweep with `id` go (its cells' runs stay in History); the list as now kept. */
export function forgetSweep(storage: Store, id: string): KeptSweep[] {
  return write(
    storage,
    readKeptSweeps(storage).filter((k) => k.id !== id),
  );
}
