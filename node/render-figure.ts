/**
 * Publication figures on the host (`gtlab plot`, `gtlab run`, the desktop app's exports) from the same
 * ECharts options the app draws (shared/figures/run-figure.ts), rendered headless: ECharts server-side
 * SVG, then PNG at 300 dpi (resvg) or vector PDF (pdfkit + svg-to-pdfkit). The shipped DejaVu Sans font
 * is used everywhere so a figure looks the same on every machine: PNG is rasterised with it, PDF and SVG
 * embed it (SVG: the subset of glyphs its text uses, ./svg-font.ts).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as echarts from 'echarts';
import { Resvg } from '@resvg/resvg-js';
import PDFDocument from 'pdfkit';
import SVGtoPDF from 'svg-to-pdfkit';
import { setPngDpi } from '../shared/figures/png-dpi.ts';
import { embedFont } from './svg-font.ts';
import { chartRun, exportOption, FIGURE_HEIGHT, FIGURE_WIDTH, type ChartRun } from '../shared/figures/run-figure.ts';
import type { Counter } from '../shared/experiments/statistics.ts';
import type { RunFolder } from './run-folder.ts';

export const FIGURE_FONT = 'DejaVu Sans';
/** The shipped font: beside the sources (node/ → ../assets) or beside the built main bundle (out/main → ../../assets). */
export const FIGURE_FONT_FILE = ['../assets/fonts/DejaVuSans.ttf', '../../assets/fonts/DejaVuSans.ttf']
  .map((rel) => fileURLToPath(new URL(rel, import.meta.url)))
  .find((p) => existsSync(p)) ?? fileURLToPath(new URL('../assets/fonts/DejaVuSans.ttf', import.meta.url));

export type FigureFormat = 'svg' | 'png' | 'pdf';

export interface FigureOptions {
  /** CSS pixels (default FIGURE_WIDTH × FIGURE_HEIGHT, 6.5 in × 4 in) */
  width?: number;
  height?: number;
  /** PNG resolution (the SVG is laid out at 96 dpi) */
  dpi?: number;
}

/** An option built with fontFamily FIGURE_FONT (run-figure.ts) as SVG text. */
export function renderSvg(option: Record<string, unknown>, o: FigureOptions = {}): string {
  const width = o.width ?? FIGURE_WIDTH;
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height: o.height ?? FIGURE_HEIGHT });
  try {
    chart.setOption(exportOption(option, width));
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
  // marked with its resolution (pHYs), as the app's PNG exports are
  return Buffer.from(setPngDpi(r.render().asPng(), dpi));
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

export async function renderFigure(option: Record<string, unknown>, format: FigureFormat, o: FigureOptions = {}): Promise<Buffer> {
  const svg = renderSvg(option, o);
  if (format === 'svg') return Buffer.from(embedFont(svg, FIGURE_FONT, FIGURE_FONT_FILE));
  if (format === 'png') return svgToPng(svg, o.dpi ?? 300);
  return svgToPdf(svg, o.width ?? FIGURE_WIDTH, o.height ?? FIGURE_HEIGHT);
}

/** A run folder as the figure builder's input, counted with `counter`. */
export function chartRunOf(folder: RunFolder, counter: Counter): ChartRun {
  return chartRun(folder.spec, folder.lines(), counter, folder.record.generator);
}
