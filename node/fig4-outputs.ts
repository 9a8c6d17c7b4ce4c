/**
 * The Furtak & Buro Figure 4 extras of a finished run folder: fig4-summary.json (reductions with 95 %
 * intervals), report.md and the figure in three formats (figure.svg|pdf|png). Written by `gtlab run`
 * at the end of a local run and by `gtlab merge` for a merged shard set, from the same lines, each file
 * whole or not at all (./storage.ts); the caller marks the run completed only after them.
 */
import { writeFileWhole } from './storage.ts';
import { join } from 'node:path';
import type { RunFolder } from './run-folder.ts';
import { FIGURE_FONT, renderFigure } from './render-figure.ts';
import { fig4Summary, type Fig4Summary } from '../shared/furtak-buro/fig4-summary.ts';
import { fig4Report } from '../shared/furtak-buro/report.ts';
import { proofMeasure, ratioChartOption } from '../shared/figures/ratio-chart.ts';
import { figureSubtitle } from '../shared/figures/run-figure.ts';
import { GENERATOR } from '../shared/version.ts';
import { depthAxisName } from '../shared/experiments/spec.ts';
import { modelDescriptor } from '../shared/models/registry.ts';
import { endgameReport } from '../shared/othello/endgame-report.ts';

export async function writeFig4Outputs(
  folder: RunFolder,
  status: string,
  workers: number,
  wallSeconds: number | null,
): Promise<Fig4Summary> {
  const f = fig4Summary(folder.spec, folder.lines());
  writeFileWhole(
    join(folder.dir, 'fig4-summary.json'),
    `${JSON.stringify({ name: folder.spec.name, generator: GENERATOR, ...f }, null, 2)}\n`,
  );
  const ctx = { generator: GENERATOR, workers, wallSeconds, status, createdAt: folder.record.createdAt };
  const positions = modelDescriptor(folder.spec.model.kind).positions !== undefined;
  writeFileWhole(
    join(folder.dir, 'report.md'),
    positions ? endgameReport(folder.spec, f, ctx) : fig4Report(folder.spec, f, ctx),
  );
  const option = ratioChartOption(f, {
    title: `${folder.spec.name}: cumulative ${f.counter} nodes ÷ ${proofMeasure(f.denominator, f.interior)}`,
    fontFamily: FIGURE_FONT,
    subtitle: figureSubtitle(folder.spec, f.trees, folder.record.generator),
    xName: depthAxisName(folder.spec),
  });
  for (const fmt of ['svg', 'pdf', 'png'] as const) {
    writeFileWhole(join(folder.dir, `figure.${fmt}`), await renderFigure(option, fmt));
  }
  return f;
}
