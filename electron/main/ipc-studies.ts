/**
 * IPC handlers of the "studies" domain: start and cancel a study (its events go to the windows), list,
 * open and delete the studies the host kept, and render a kept study's figure into a file. Ids and
 * figure requests are validated here; study requests by the run host (zod).
 */
import { CHANNELS } from '../../shared/api/contract.ts';
import {
  describeIssues,
  StudyFigureRequestSchema,
  StudyIdSchema,
  StudyRecordIdSchema,
} from '../../shared/api/ipc-schemas.ts';
import { studyFigureOption, studyFileName } from '../../shared/studies/study-exports.ts';
import { FIGURE_FONT, renderFigure } from '../../node/render-figure.ts';
import type { RunManager } from '../../node/run-manager.ts';
import { handle, type Trust } from './ipc-guard.ts';
import { saveBytes } from './ipc-files.ts';

function studyId(x: unknown): string {
  const r = StudyIdSchema.safeParse(x);
  if (!r.success) throw new Error(describeIssues(r.error, 'study id'));
  return r.data;
}

function keptStudyId(x: unknown): string {
  const r = StudyRecordIdSchema.safeParse(x);
  if (!r.success) throw new Error(describeIssues(r.error, 'kept study id'));
  return r.data;
}

export function registerStudyHandlers(trust: Trust, runs: RunManager): void {
  handle(CHANNELS.startStudy, trust, (request: unknown) => runs.startStudy(request)); // the host validates it
  handle(CHANNELS.cancelStudy, trust, (id: unknown) => runs.cancelStudy(studyId(id)));
  handle(CHANNELS.listStudies, trust, () => runs.listStudies());
  handle(CHANNELS.openStudy, trust, (id: unknown) => runs.openStudy(keptStudyId(id)));
  handle(CHANNELS.deleteStudy, trust, (id: unknown) => runs.deleteStudy(keptStudyId(id)));
  handle(CHANNELS.exportStudyFigure, trust, async (req: unknown) => {
    const r = StudyFigureRequestSchema.safeParse(req);
    if (!r.success) throw new Error(describeIssues(r.error, 'study figure request'));
    const record = await runs.openStudy(r.data.id);
    const option = studyFigureOption(record.result, { fontFamily: FIGURE_FONT });
    if (!option) throw new RangeError(`study "${record.id}" (${record.request.kind}) has no figure: export its CSV`);
    return saveBytes(studyFileName(record, r.data.format), await renderFigure(option, r.data.format));
  });
}
