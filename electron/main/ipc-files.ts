/** IPC handlers of the "files" domain: save exports, open spec files, render figures (native dialogs). */
import { BrowserWindow, dialog } from 'electron';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { CHANNELS } from '../../shared/api/contract.ts';
import { FigureRequestSchema, SaveRequestSchema, describeIssues } from '../../shared/api/ipc-schemas.ts';
import { summarize, type Counter } from '../../shared/experiments/statistics.ts';
import { seriesLabel, specDepths } from '../../shared/experiments/spec.ts';
import { RunFolder } from '../../node/run-folder.ts';
import { renderFigure } from '../../node/render-figure.ts';
import { handle, type Trust } from './ipc-guard.ts';

const MAX_SPEC_BYTES = 1024 * 1024;

async function saveBytes(suggestedName: string, bytes: Buffer): Promise<{ saved: boolean; path?: string }> {
  const win = BrowserWindow.getFocusedWindow();
  const opts = { defaultPath: suggestedName };
  const r = win ? await dialog.showSaveDialog(win, opts) : await dialog.showSaveDialog(opts);
  if (r.canceled || !r.filePath) return { saved: false };
  writeFileSync(r.filePath, bytes);
  return { saved: true, path: r.filePath };
}

export function registerFileHandlers(trust: Trust, runsDir: string): void {
  handle(CHANNELS.saveFile, trust, (req: unknown) => {
    const r = SaveRequestSchema.safeParse(req);
    if (!r.success) throw new Error(describeIssues(r.error, 'save request'));
    return saveBytes(r.data.suggestedName, Buffer.from(r.data.content, r.data.encoding));
  });
  handle(CHANNELS.openSpecFile, trust, async () => {
    const r = await dialog.showOpenDialog({ properties: ['openFile'], filters: [{ name: 'Experiment spec', extensions: ['json'] }] });
    const path = r.filePaths[0];
    if (r.canceled || !path) return null;
    if (statSync(path).size > MAX_SPEC_BYTES) throw new Error(`${basename(path)} is larger than ${MAX_SPEC_BYTES} bytes: not a spec file`);
    return { name: basename(path), text: readFileSync(path, 'utf8') };
  });
  handle(CHANNELS.exportFigure, trust, async (req: unknown) => {
    const r = FigureRequestSchema.safeParse(req);
    if (!r.success) throw new Error(describeIssues(r.error, 'figure request'));
    const folder = RunFolder.open(join(runsDir, r.data.runId));
    const spec = folder.spec;
    const summary = summarize(folder.lines(), spec.series.map(seriesLabel), specDepths(spec), r.data.counter as Counter);
    const bytes = await renderFigure(summary, r.data.format, {
      mode: r.data.mode, title: spec.name, subtitle: `${summary.trees} trees · seed ${spec.seed} · ${folder.record.generator}`,
    });
    return saveBytes(`${r.data.runId}.${r.data.format}`, bytes);
  });
}
