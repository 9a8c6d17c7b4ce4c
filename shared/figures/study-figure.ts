/**
 * The figure of a kept study, for History's "Export figure": the ECharts option the Studies tab draws
 * (the pathology curves, ./pathology-chart.ts), rendered on the host like a run's figure (SVG with the
 * font embedded, PNG at 300 dpi, PDF on the desktop). The other kinds are tables (Li's tables, Tables
 * 5.1-5.3, a Monte-Carlo check), a board and a score or a tally: they have no figure, only their CSV.
 */
import type { StudyResult } from '../jobs/study-jobs.ts';
import { pathologyChartOption } from './pathology-chart.ts';

/** The option of a study's figure in `fontFamily`, or null for a kind without one (see hasStudyFigure). */
export function studyFigureOption(
  result: StudyResult,
  o: { fontFamily?: string } = {},
): Record<string, unknown> | null {
  return result.kind === 'pathology' ? pathologyChartOption(result.result, { fontFamily: o.fontFamily }) : null;
}
