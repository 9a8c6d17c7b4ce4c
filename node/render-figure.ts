/**
 * Publication figures from a run summary, the same chart the app shows (shared/figures/ratio-chart.ts)
 * rendered headless: ECharts server-side SVG, then PNG at 300 dpi (resvg) or vector PDF (pdfkit +
 * svg-to-pdfkit). The shipped DejaVu Sans font is used everywhere so a figure looks the same on every
 * machine: PNG is rasterised with it, PDF embeds it, SVG names it.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as echarts from 'echarts';
import { Resvg } from '@resvg/resvg-js';
import PDFDocument from 'pdfkit';
import SVGtoPDF from 'svg-to-pdfkit';
import type { RunSummary } from '../shared/experiments/statistics.ts';
import { ratioChartOption, type ChartOptions } from '../shared/figures/ratio-chart.ts';
import { fitLegend } from '../shared/figures/legend-layout.ts';

export const FIGURE_FONT = 'DejaVu Sans';
/** The shipped font: beside the sources (node/ → ../assets) or beside the built main bundle (out/main → ../../assets). */
export const FIGURE_FONT_FILE = ['../assets/fonts/DejaVuSans.ttf', '../../assets/fonts/DejaVuSans.ttf']
  .map((rel) => fileURLToPath(new URL(rel, import.meta.url)))
  .find((p) => existsSync(p)) ?? fileURLToPath(new URL('../assets/fonts/DejaVuSans.ttf', import.meta.url));

export type FigureFormat = 'svg' | 'png' | 'pdf';

export interface FigureOptions extends ChartOptions {
  width?: number;
  height?: number;
  /** PNG resolution (the SVG is laid out at 96 dpi) */
  dpi?: number;
}

export function renderSvg(summary: RunSummary, o: FigureOptions = {}): string {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width: o.width ?? 800, height: o.height ?? 500 });
  try {
    // Room under the plot for a legend that wraps (six series of Fig. 4 need two rows at 800 px).
    chart.setOption(fitLegend(ratioChartOption(summary, { ...o, fontFamily: FIGURE_FONT, animation: false }), o.width ?? 800));
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}

export function svgToPng(svg: string, dpi = 300): Buffer {
  const r = new Resvg(svg, {
    fitTo: { mode: 'zoom', value: dpi / 96 },
    background: 'white',
    font: { fontFiles: [FIGURE_FONT_FILE], loadSystemFonts: false, defaultFontFamily: FIGURE_FONT },
  });
  return Buffer.from(r.render().asPng());
}

export function svgToPdf(svg: string, width: number, height: number): Promise<Buffer> {
  // 1 CSS px = 0.75 pt: the PDF page has the figure's physical size at 96 dpi.
  const doc = new PDFDocument({ size: [width * 0.75, height * 0.75], margin: 0, info: { Title: 'Game Tree Lab figure', Producer: 'game-tree-lab' } });
  doc.registerFont(FIGURE_FONT, FIGURE_FONT_FILE);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  SVGtoPDF(doc, svg, 0, 0, { width: width * 0.75, height: height * 0.75, assumePt: false, fontCallback: () => FIGURE_FONT });
  doc.end();
  return done;
}

export async function renderFigure(summary: RunSummary, format: FigureFormat, o: FigureOptions = {}): Promise<Buffer> {
  const svg = renderSvg(summary, o);
  if (format === 'svg') return Buffer.from(svg);
  if (format === 'png') return svgToPng(svg, o.dpi ?? 300);
  return svgToPdf(svg, o.width ?? 800, o.height ?? 500);
}
