/**
 * A legend inside the plot, placed as matplotlib's `loc="best"` places it: in the corner of a panel (and
 * at the column count) whose box no curve crosses, covering the fewest points, then the least band area.
 */
import type { YScale } from './axis-scale.ts';
import type { Rect } from './layout-rules.ts';
import { legendBlock, moved, type LegendCell } from './legend-grid.ts';
import { bandCover, curvesInPixels, pixelMap, segmentHitsRect, type PlotData } from './plot-data.ts';

/**
 * The legend inside a panel's corner: the corner (and column count) whose box no curve crosses, covering
 * the fewest points, then the least band area; upper right, upper left, lower left, lower right on a tie.
 * Null where every corner is crossed.
 */
export function insideLegend(
  labels: readonly string[],
  fs: number,
  panels: readonly Rect[],
  data: PlotData,
  y: YScale,
): { cells: LegendCell[]; box: Rect } | null {
  const to = pixelMap(panels, data, y);
  const { polylines, points } = curvesInPixels(data, to);
  const inset = Math.round(fs * 0.5);
  let best: { cells: LegendCell[]; box: Rect; score: number } | null = null;
  for (let cols = 1; cols <= labels.length; cols++) {
    const b = legendBlock(labels, cols, fs, false);
    const w = b.w + 2 * inset;
    const h = b.h + 2 * inset;
    for (const r of panels) {
      if (w > r.w - 2 || h > r.h - 2) continue;
      const corners: [number, number][] = [
        [r.x + r.w - 1 - w, r.y + 1],
        [r.x + 1, r.y + 1],
        [r.x + 1, r.y + r.h - 1 - h],
        [r.x + r.w - 1 - w, r.y + r.h - 1 - h],
      ];
      for (const [x, yy] of corners) {
        const box = { x: Math.round(x), y: Math.round(yy), w: Math.ceil(w), h: Math.ceil(h) };
        if (polylines.some((pl) => pl.some((p, i) => i > 0 && segmentHitsRect(pl[i - 1], p, box)))) continue;
        const covered = points.filter(
          ([px, py]) => px >= box.x - 3 && px <= box.x + box.w + 3 && py >= box.y - 3 && py <= box.y + box.h + 3,
        ).length;
        const score = covered + bandCover(box, data, to);
        if (!best || score < best.score - 1e-9) best = { cells: moved(b, box.x + inset, box.y + inset), box, score };
      }
    }
  }
  return best && { cells: best.cells, box: best.box };
}
