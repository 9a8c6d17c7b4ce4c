/**
 * IPC handlers of the "runs" domain: start, cancel, resume, list, open, annotate, delete and import runs;
 * events go to the windows. Ids are validated here; specs by the run host (zod). Studies: ./ipc-studies.ts.
 */
import { CHANNELS } from '../../shared/api/contract.ts';
import { FolderFilesSchema, RunIdSchema, describeIssues } from '../../shared/api/ipc-schemas.ts';
import { FolderFormatError } from '../../shared/host/run-folder-files.ts';
import { SpecError } from '../../shared/experiments/spec.ts';
import type { RunManager } from '../../node/run-manager.ts';
import { handle, type Trust } from './ipc-guard.ts';

function runId(x: unknown): string {
  const r = RunIdSchema.safeParse(x);
  if (!r.success) throw new Error(describeIssues(r.error, 'run id'));
  return r.data;
}

export function registerRunHandlers(trust: Trust, runs: RunManager): void {
  handle(CHANNELS.startRun, trust, async (spec: unknown, options: unknown) => {
    try {
      return await runs.startRun(spec, options ?? {}); // the host validates both
    } catch (e) {
      if (e instanceof SpecError) throw new Error(`spec: ${e.message}`);
      throw e;
    }
  });
  handle(CHANNELS.cancelRun, trust, (id: unknown) => runs.cancelRun(runId(id)));
  handle(CHANNELS.resumeRun, trust, (id: unknown) => runs.resumeRun(runId(id)));
  handle(CHANNELS.listRuns, trust, () => runs.listRuns());
  handle(CHANNELS.deleteRun, trust, (id: unknown) => runs.deleteRun(runId(id)));
  handle(CHANNELS.annotateRun, trust, (id: unknown, notes: unknown) => runs.annotateRun(runId(id), notes)); // the host validates the notes
  handle(CHANNELS.openRun, trust, (id: unknown) => runs.openRun(runId(id)));
  handle(CHANNELS.importRunFolder, trust, async (files: unknown) => {
    const r = FolderFilesSchema.safeParse(files);
    if (!r.success) throw new Error(describeIssues(r.error, 'folder files'));
    try {
      return await runs.importRunFolder(r.data);
    } catch (e) {
      if (e instanceof FolderFormatError) throw new Error(`results folder: ${e.message}`);
      throw e;
    }
  });
}
