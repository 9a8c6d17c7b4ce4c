/** IPC handlers of the "files" domain: save exports, open spec files, render figures (native dialogs). */
import { BrowserWindow, dialog } from 'electron';
import { readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { CHANNELS } from '../../shared/api/contract.ts';
import { FigureRequestSchema, SaveRequestSchema, describeIssues } from '../../shared/api/ipc-schemas.ts';
import { figureFileName, storedRunsFigure } from '../../shared/figures/run-figure.ts';
import { FIGURE_FILE, figureLayout, figureSpecText } from '../../shared/figures/figure-spec.ts';
import { specFileTooLarge } from '../../shared/host/run-rules.ts';
import { RunFolder } from '../../node/run-folder.ts';
import { FIGURE_FONT, renderFigure } from '../../node/render-figure.ts';
import { handle, type Trust } from './ipc-guard.ts';
import { writeFileWhole } from '../../node/storage.ts';

/**
 * Save bytes where the user's save dialog says (nothing is written if it is cancelled), whole or not
 * at all; a refusal of the disk reaches the window as a message naming the path and what to do.
 */
export async function saveBytes(suggestedName: string, bytes: Buffer): Promise<{ saved: boolean; path?: string }> {
  const win = BrowserWindow.getFocusedWindow();
  const opts = { defaultPath: suggestedName };
  const r = win ? await dialog.showSaveDialog(win, opts) : await dialog.showSaveDialog(opts);
  if (r.canceled || !r.filePath) return { saved: false };
  writeFileWhole(r.filePath, bytes);
  return { saved: true, path: r.filePath };
}

export function registerFileHandlers(trust: Trust, runsDir: string): void {
  handle(CHANNELS.saveFile, trust, (req: unknown) => {
    const r = SaveRequestSchema.safeParse(req);
    if (!r.success) throw new Error(describeIssues(r.error, 'save request'));
    return saveBytes(r.data.suggestedName, Buffer.from(r.data.content, r.data.encoding));
  });
  handle(CHANNELS.openSpecFile, trust, async () => {
    const r = await dialog.showOpenDialog({
      properties: ['openFile'],
      filters: [{ name: 'Experiment spec', extensions: ['json'] }],
    });
    const path = r.filePaths[0];
    if (r.canceled || !path) return null;
    const tooLarge = specFileTooLarge(basename(path), statSync(path).size);
    if (tooLarge) throw new Error(tooLarge);
    return { name: basename(path), text: readFileSync(path, 'utf8') };
  });
  handle(CHANNELS.exportFigure, trust, async (req: unknown) => {
    const r = FigureRequestSchema.safeParse(req);
    if (!r.success) throw new Error(describeIssues(r.error, 'figure request'));
    const { runId, compareRunIds = [], format, figure } = r.data;
    const folders = [runId, ...compareRunIds].map((id) => RunFolder.open(join(runsDir, id)));
    const option = storedRunsFigure(
      folders.map((f) => ({ spec: f.spec, lines: f.lines(), generator: f.record.generator })),
      figure,
      { fontFamily: FIGURE_FONT },
    );
    const bytes = await renderFigure(option, format, figureLayout(figure));
    // The settings stay with the run: `gtlab plot RUN_DIR` redraws this figure from them.
    writeFileWhole(join(folders[0].dir, FIGURE_FILE), figureSpecText(figure));
    return saveBytes(figureFileName(runId, figure, folders[0].spec, compareRunIds.length, format), bytes);
  });
}
