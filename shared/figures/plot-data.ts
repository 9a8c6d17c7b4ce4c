/**
 * What an option draws on its plot, read from its series: each line's points (data coordinates; a null
 * y a gap) and its panel, the 95 % bands from their stacked pairs of series, every y value and the x
 * range; and the same in pixels once the panels' boxes and the y scale are set (the curves as
 * polylines, the points, the share of a box under a band, whether a segment meets a box), which the
 * legend inside the plot (./legend-inside.ts) and the print check (./figure-check.ts) measure against.
 */
import type { Axis, YScale } from './axis-scale.ts';
import type { Option, Rect } from './layout-rules.ts';

export interface PlotData {
  /** each drawn line's points (data coordinates; null y a gap) and its panel */
  lines: { panel: number; points: [number, number | null][]; joined: boolean }[];
  bands: { panel: number; xs: number[]; lo: (number | null)[]; hi: (number | null)[] }[];
  ys: number[];
  xMin: number;
  xMax: number;
}

export type SeriesLike = { type?: string; stack?: string; data?: unknown[]; gtlabPanel?: number };

/** The lines, points and bands the option draws, in data coordinates (bands from their stacked series). */
export function plotData(option: Option): PlotData {
  const series = (option.series ?? []) as SeriesLike[];
  const lines: PlotData['lines'] = [];
  const bands: PlotData['bands'] = [];
  const lower = new Map<string, [number, number | null][]>();
  const ys: number[] = [];
  const xs: number[] = [];
  const pairs = (s: SeriesLike) =>
    (s.data ?? []).flatMap((p): [number, number | null][] =>
      Array.isArray(p) && typeof p[0] === 'number'
        ? [[p[0], typeof p[1] === 'number' && Number.isFinite(p[1]) ? p[1] : null]]
        : [],
    );
  for (const s of series) {
    const pts = pairs(s);
    if (pts.length === 0) continue;
    const panel = s.gtlabPanel ?? 0;
    if (s.stack !== undefined) {
      const lo = lower.get(s.stack);
      if (!lo) {
        lower.set(s.stack, pts);
        continue;
      }
      const hi = pts.map(([, w], i) => (w === null || lo[i]?.[1] == null ? null : lo[i][1]! + w));
      bands.push({ panel, xs: lo.map((p) => p[0]), lo: lo.map((p) => p[1]), hi });
      for (const [i, p] of lo.entries()) if (p[1] !== null && hi[i] !== null) ys.push(p[1], hi[i]!);
      continue;
    }
    lines.push({ panel, points: pts, joined: s.type !== 'scatter' });
    for (const [x, y] of pts) {
      xs.push(x);
      if (y !== null) ys.push(y);
    }
  }
  const x = (option.xAxis ?? {}) as Axis;
  const xMin = x.min ?? (xs.length ? Math.min(...xs) : 0);
  const xMax = x.max ?? (xs.length ? Math.max(...xs) : 1);
  return { lines, bands, ys, xMin, xMax: xMax > xMin ? xMax : xMin + 1 };
}

/** Whether the segment p–q crosses or touches the rectangle. */
export function segmentHitsRect(p: [number, number], q: [number, number], r: Rect): boolean {
  // Liang–Barsky clipping: the segment meets the box where its parameter range stays non-empty.
  let t0 = 0;
  let t1 = 1;
  const dx = q[0] - p[0];
  const dy = q[1] - p[1];
  for (const [pk, qk] of [
    [-dx, p[0] - r.x],
    [dx, r.x + r.w - p[0]],
    [-dy, p[1] - r.y],
    [dy, r.y + r.h - p[1]],
  ]) {
    if (pk === 0) {
      if (qk < 0) return false;
    } else {
      const t = qk / pk;
      if (pk < 0) t0 = Math.max(t0, t);
      else t1 = Math.min(t1, t);
    }
  }
  return t0 <= t1;
}

/** Maps data coordinates to pixels in a panel's box. */
export type ToPixel = (panel: number, x: number, y: number) => [number, number];

/** The curves as pixel polylines (gaps split them), and every drawn point. */
export function curvesInPixels(
  data: PlotData,
  to: ToPixel,
): { polylines: [number, number][][]; points: [number, number][] } {
  const polylines: [number, number][][] = [];
  const points: [number, number][] = [];
  for (const l of data.lines) {
    let run: [number, number][] = [];
    for (const [x, y] of l.points) {
      if (y === null) {
        if (run.length > 1 && l.joined) polylines.push(run);
        run = [];
        continue;
      }
      const p = to(l.panel, x, y);
      points.push(p);
      run.push(p);
    }
    if (run.length > 1 && l.joined) polylines.push(run);
  }
  return { polylines, points };
}

/** The share of the box under a band (sampled on a 12 × 12 grid). */
export function bandCover(box: Rect, data: PlotData, to: ToPixel): number {
  let hit = 0;
  const N = 12;
  const bands = data.bands.map((b) => ({
    lo: b.xs.map((x, i) => (b.lo[i] === null ? null : to(b.panel, x, b.lo[i]!))),
    hi: b.xs.map((x, i) => (b.hi[i] === null ? null : to(b.panel, x, b.hi[i]!))),
  }));
  for (let a = 0; a < N; a++)
    for (let c = 0; c < N; c++) {
      const px = box.x + ((a + 0.5) * box.w) / N;
      const py = box.y + ((c + 0.5) * box.h) / N;
      const under = bands.some(({ lo, hi }) =>
        lo.some((l0, i) => {
          const [l1, h0, h1] = [lo[i + 1], hi[i], hi[i + 1]];
          if (!l0 || !l1 || !h0 || !h1 || px < l0[0] || px > l1[0] || l1[0] === l0[0]) return false;
          const t = (px - l0[0]) / (l1[0] - l0[0]);
          const yl = l0[1] + t * (l1[1] - l0[1]);
          const yh = h0[1] + t * (h1[1] - h0[1]);
          return py <= Math.max(yl, yh) && py >= Math.min(yl, yh);
        }),
      );
      if (under) hit++;
    }
  return hit / (N * N);
}

/** The pixel mapping of a panel's data coordinates, given the y scale. */
export function pixelMap(panels: readonly Rect[], data: PlotData, y: YScale): ToPixel {
  const f = (v: number) => (y.log ? Math.log10(Math.max(v, 1e-300)) : v);
  const [y0, y1] = [f(y.min), f(y.max)];
  return (panel, x, v) => {
    const r = panels[Math.min(panel, panels.length - 1)];
    return [r.x + (r.w * (x - data.xMin)) / (data.xMax - data.xMin), r.y + r.h * (1 - (f(v) - y0) / (y1 - y0))];
  };
}
