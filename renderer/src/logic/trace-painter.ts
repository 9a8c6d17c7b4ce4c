/**
 * Draws a TraceView (./trace-view.ts) on a 2D canvas: edges (gold between nodes of the minimum proof
 * tree, Furtak & Buro 2009, Sec. 2), nodes coloured by what the chosen series (or the difference of
 * two) visited, the proof's claims, cut marks and folded or deeper-searched markers. Zoomed out, one
 * pass over the shown nodes builds one path per colour, and a node landing on the pixel column of the
 * last one drawn at its ply in the same colour is skipped: shown nodes come in preorder, so each
 * ply's come left to right, and a frame costs O(shown) cheap steps plus O(width × plies) drawn rects.
 */
import { PV } from '../../../shared/proof/proof-sink.ts';
import type { TraceTree } from '../../../shared/trace/trace-tree.ts';
import { NODE_CLASSES, nodeClass, proofClaim, type NodeClass, type TraceMode, type TraceView } from './trace-view.ts';

/** node radius at scale 1 */
export const NODE_R = 9;

export const FILL: Record<NodeClass, string> = {
  visited: '#4f6d9a',
  unvisited: '#ffffff',
  'only-a': '#e69f00',
  'only-b': '#56b4e9',
  both: '#9aa3ad',
};

/** screen = (layout − origin) · scale */
export interface Camera {
  ox: number;
  oy: number;
  scale: number;
}

export interface Scene {
  trace: TraceTree;
  view: TraceView;
  mode: TraceMode;
  selected: number;
  /** changes whenever the shown nodes change (the colour classes are kept until it does) */
  version: number;
}

function compact(x: number): string {
  const ax = Math.abs(x);
  if (ax >= 1e6) return `${(x / 1e6).toFixed(1)}M`;
  if (ax >= 1e4) return `${Math.round(x / 1e3)}k`;
  return String(x);
}

export class TracePainter {
  // Colour class (index into NODE_CLASSES) of each shown node, by position in view.visible.
  private classCache: { key: string; cls: Uint8Array } | null = null;
  private lastPx = new Float64Array(0);

  private classes(s: Scene): Uint8Array {
    const { trace: t, view: v, mode: m } = s;
    const key = `${s.version}|${m.kind}|${m.a}|${m.kind === 'diff' ? m.b : ''}`;
    if (this.classCache?.key === key && this.classCache.cls.length >= v.shown) return this.classCache.cls;
    const cls = new Uint8Array(v.shown);
    for (let i = 0; i < v.shown; i++) cls[i] = NODE_CLASSES.indexOf(nodeClass(t, m, v.visible[i]));
    this.classCache = { key, cls };
    return cls;
  }

  /** Paint the scene on a canvas of CSS size w × h (device pixel ratio dpr). */
  draw(ctx: CanvasRenderingContext2D, w: number, h: number, dpr: number, cam: Camera, scene: Scene): void {
    const { trace: t, view: v, mode: m } = scene;
    const R = NODE_R;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.fillStyle = '#fbfcfd';
    ctx.fillRect(0, 0, w, h);
    const { ox, oy, scale: k } = cam;
    const sx = (x: number) => (x - ox) * k,
      sy = (y: number) => (y - oy) * k;
    const margin = (R + 40) / k;
    const x0 = ox - margin,
      x1 = ox + w / k + margin,
      y0 = oy - margin,
      y1 = oy + h / k + margin;
    const inView = (n: number) => v.x[n] >= x0 && v.x[n] <= x1 && v.y[n] >= y0 && v.y[n] <= y1;
    const cls = this.classes(scene);
    const r = Math.max(1.5, R * Math.min(1, k));
    const far = k < 0.4;
    const edges = [new Path2D(), new Path2D()];
    const fills = NODE_CLASSES.map(() => new Path2D());
    const outline = new Path2D();
    const stride = NODE_CLASSES.length + 3;
    const plies = Math.max(t.region.maxPly, t.region.focusMaxPly) + 1;
    if (this.lastPx.length < plies * stride) this.lastPx = new Float64Array(plies * stride);
    const lastPx = this.lastPx;
    lastPx.fill(-Infinity);
    for (let i = 0; i < v.shown; i++) {
      const n = v.visible[i];
      const nIn = inView(n);
      const base = t.ply[n] * stride;
      const px = Math.round(sx(v.x[n]));
      if (i > 0) {
        const p = t.parent[n];
        if (nIn || inView(p)) {
          const gold = t.role[n] >= 0 && t.role[p] >= 0 ? 1 : 0;
          if (!far || lastPx[base + NODE_CLASSES.length + gold] !== px) {
            lastPx[base + NODE_CLASSES.length + gold] = px;
            edges[gold].moveTo(sx(v.x[p]), sy(v.y[p]));
            edges[gold].lineTo(sx(v.x[n]), sy(v.y[n]));
          }
        }
      }
      if (!far || !nIn) continue;
      const c = cls[i];
      if (lastPx[base + c] !== px) {
        lastPx[base + c] = px;
        fills[c].rect(sx(v.x[n]) - r, sy(v.y[n]) - r, 2 * r, 2 * r);
      }
      if (t.role[n] >= 0 && lastPx[base + stride - 1] !== px) {
        lastPx[base + stride - 1] = px;
        outline.rect(sx(v.x[n]) - r, sy(v.y[n]) - r, 2 * r, 2 * r);
      }
    }
    ctx.strokeStyle = '#b8bec8';
    ctx.lineWidth = 1;
    ctx.stroke(edges[0]);
    ctx.strokeStyle = '#d4a017';
    ctx.lineWidth = 2.5;
    ctx.stroke(edges[1]);
    if (far) {
      NODE_CLASSES.forEach((c, i) => {
        ctx.fillStyle = FILL[c];
        ctx.fill(fills[i]);
      });
      ctx.strokeStyle = '#a07800';
      ctx.lineWidth = 1.5;
      ctx.stroke(outline);
      const n = scene.selected;
      if (v.isShown(n)) {
        ctx.strokeStyle = '#d92d20';
        ctx.lineWidth = 2;
        ctx.strokeRect(sx(v.x[n]) - r - 4, sy(v.y[n]) - r - 4, 2 * r + 8, 2 * r + 8);
      }
      return;
    }
    const labels = k >= 0.75;
    ctx.font = '9px ui-monospace, Menlo, Consolas, monospace';
    ctx.textAlign = 'center';
    const a = t.series[m.a];
    for (let i = 0; i < v.shown; i++) {
      const n = v.visible[i];
      if (!inView(n)) continue;
      const x = sx(v.x[n]),
        y = sy(v.y[n]);
      ctx.fillStyle = FILL[nodeClass(t, m, n)];
      ctx.strokeStyle = t.role[n] >= 0 ? '#a07800' : '#1d2430';
      ctx.lineWidth = t.role[n] === PV ? 2.5 : t.role[n] >= 0 ? 2 : 1;
      ctx.beginPath();
      if (t.ply[n] % 2 === 0) ctx.rect(x - r, y - r, 2 * r, 2 * r);
      else ctx.arc(x, y, r, 0, 2 * Math.PI);
      ctx.fill();
      ctx.stroke();
      if (n === scene.selected) {
        ctx.strokeStyle = '#d92d20';
        ctx.lineWidth = 2;
        ctx.strokeRect(x - r - 4, y - r - 4, 2 * r + 8, 2 * r + 8);
      }
      if (a.cut[n] >= 0 && a.passVisits[n] > 0) {
        ctx.strokeStyle = '#d92d20';
        ctx.lineWidth = 2.5;
        ctx.beginPath();
        ctx.moveTo(x - r - 2, y + r + 4);
        ctx.lineTo(x + r + 2, y + r + 4);
        ctx.stroke();
      }
      if (v.open[n] === 0 && t.first[n] >= 0) {
        // folded: a small "+" under the node
        ctx.fillStyle = '#1d2430';
        ctx.fillRect(x - 3, y + r + 7, 6, 1.2);
        ctx.fillRect(x - 0.6, y + r + 4.4, 1.2, 6);
      } else if (t.first[n] < 0 && t.more[n] === 1) {
        // the trace ends here, the searches did not: three dots (opening builds a deeper trace)
        ctx.fillStyle = '#1d2430';
        for (let d = -1; d <= 1; d++) ctx.fillRect(x + 3 * d - 0.8, y + r + 6, 1.6, 1.6);
      }
      if (labels) {
        ctx.fillStyle = '#1d2430';
        const spent = m.kind === 'diff' ? a.spent[n] - t.series[m.b].spent[n] : a.spent[n];
        ctx.fillText(`${m.kind === 'diff' && spent > 0 ? '+' : ''}${compact(spent)}`, x, y - r - 4);
        const claim = proofClaim(t, n);
        if (claim) {
          ctx.fillStyle = '#6b5200';
          ctx.fillText(claim, x, y + r + 18);
        }
      }
    }
  }
}
