/** IPC handlers of the "runs" domain: start, cancel, list and open runs; events go to the windows. */
import { CHANNELS } from '../../shared/api/contract.ts';
import { RunIdSchema, describeIssues } from '../../shared/api/ipc-schemas.ts';
import { parseSpec, SpecError } from '../../shared/experiments/spec.ts';
import type { RunManager } from '../../node/run-manager.ts';
import { handle, type Trust } from './ipc-guard.ts';

export function runId(x: unknown): string {
  const r = RunIdSchema.safeParse(x);
  if (!r.success) throw new Error(describeIssues(r.error, 'run id'));
  return r.data;
}

export function registerRunHandlers(trust: Trust, runs: RunManager): void {
  handle(CHANNELS.startRun, trust, (spec: unknown) => {
    try {
      return runs.startRun(parseSpec(spec));
    } catch (e) {
      if (e instanceof SpecError) throw new Error(`spec: ${e.message}`);
      throw e;
    }
  });
  handle(CHANNELS.cancelRun, trust, (id: unknown) => runs.cancelRun(runId(id)));
  handle(CHANNELS.listRuns, trust, () => runs.listRuns());
  handle(CHANNELS.openRun, trust, (id: unknown) => runs.openRun(runId(id)));
}
