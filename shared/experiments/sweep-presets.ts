/**
 * The named sweeps by name (`gtlab sweep PRESET`, the app's sweep menu): each wing's sweeps, one line
 * per wing.
 */
import { FURTAK_BURO_SWEEPS } from '../furtak-buro/sweep-presets.ts';
import type { SweepPreset } from './sweep.ts';

export const SWEEP_PRESETS: readonly SweepPreset[] = [...FURTAK_BURO_SWEEPS];

export function sweepPresetNames(): string[] {
  return SWEEP_PRESETS.map((p) => p.name);
}
