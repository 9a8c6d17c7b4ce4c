/**
 * Publication figures on the host (`gtlab plot`, `gtlab run`, the desktop app's exports) from the same
 * ECharts options the app draws (shared/figures/run-figure.ts), rendered headless: ECharts server-side
 * SVG, then PNG at 300 dpi (resvg) or vector PDF (pdfkit + svg-to-pdfkit). The shipped DejaVu Sans font
 * is used everywhere so a figure looks the same on every machine: PNG is rasterised with it, PDF and SVG
 * embed it (SVG: the subset of glyphs its text uses, shared/figures/svg-font.ts). Text is measured with
 * the font's own widths (shared/figures/text-metrics.ts), as the browser's exports measure it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as echarts from 'echarts';
import { Resvg } from '@resvg/resvg-js';
import PDFDocument from 'pdfkit';
import SVGtoPDF from 'svg-to-pdfkit';
import { setPngDpi } from '../shared/figures/png-dpi.ts';
import { embedFont } from '../shared/figures/svg-font.ts';
import { withoutXmlIllegal } from '../shared/io/xml-escape.ts';
import { DEFAULT_LAYOUT, exportOption } from '../shared/figures/figure-layout.ts';
import type { FigureLayout } from '../shared/figures/layout-rules.ts';
import { ownSize } from '../shared/figures/own-size.ts';
import { FIGURE_FONT, figureTextMeasure } from '../shared/figures/text-metrics.ts';

export { FIGURE_FONT };
echarts.setPlatformAPI({ measureText: figureTextMeasure() });
/** The shipped font: beside the sources (node/ → ../assets) or beside the built main bundle (out/main → ../../assets). */
export const FIGURE_FONT_FILE =
  ['../assets/fonts/DejaVuSans.ttf', '../../assets/fonts/DejaVuSans.ttf']
    .map((rel) => fileURLToPath(new URL(rel, import.meta.url)))
    .find((p) => existsSync(p)) ?? fileURLToPath(new URL('../assets/fonts/DejaVuSans.ttf', import.meta.url));

export type FigureFormat = 'svg' | 'png' | 'pdf';

/** Size in CSS px, font size and legend place (default: the figure's own size, else 6.5 × 4 in; 12 px, legend where it fits). */
export interface FigureOptions extends Partial<FigureLayout> {
  /** PNG resolution (the SVG is laid out at 96 dpi) */
  dpi?: number;
}

let fontBytes: Uint8Array | null = null;
const figureFontBytes = () => (fontBytes ??= new Uint8Array(readFileSync(FIGURE_FONT_FILE)));

/** An option built with fontFamily FIGURE_FONT (run-figure.ts) as SVG text, laid out at the figure's size. */
export function renderSvg(option: Record<string, unknown>, o: FigureOptions = {}): string {
  const layout: FigureLayout = { ...DEFAULT_LAYOUT, ...ownSize(option), ...definedOf(o) };
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width: layout.width, height: layout.height });
  try {
    chart.setOption(exportOption(option, layout));
    return withoutXmlIllegal(chart.renderToSVGString());
  } finally {
    chart.dispose();
  }
}

function svgToPng(svg: string, dpi = 300): Buffer {
  const r = new Resvg(svg, {
    fitTo: { mode: 'zoom', value: dpi / 96 },
    background: 'white',
    font: { fontFiles: [FIGURE_FONT_FILE], loadSystemFonts: false, defaultFontFamily: FIGURE_FONT },
  });
  // marked with its resolution (pHYs), as the app's PNG exports are
  return Buffer.from(setPngDpi(r.render().asPng(), dpi));
}

function svgToPdf(svg: string, width: number, height: number): Promise<Buffer> {
  // 1 CSS px = 0.75 pt: the PDF page has the figure's physical size at 96 dpi.
  const doc = new PDFDocument({
    size: [width * 0.75, height * 0.75],
    margin: 0,
    info: { Title: 'Game Tree Lab figure', Producer: 'game-tree-lab' },
  });
  doc.registerFont(FIGURE_FONT, FIGURE_FONT_FILE);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  SVGtoPDF(doc, svg, 0, 0, {
    width: width * 0.75,
    height: height * 0.75,
    assumePt: false,
    fontCallback: () => FIGURE_FONT,
  });
  doc.end();
  return done;
}

function definedOf(o: FigureOptions): Partial<FigureLayout> {
  return Object.fromEntries(
    Object.entries({ width: o.width, height: o.height, fontSize: o.fontSize, legend: o.legend }).filter(
      ([, v]) => v !== undefined,
    ),
  );
}

export async function renderFigure(
  option: Record<string, unknown>,
  format: FigureFormat,
  o: FigureOptions = {},
): Promise<Buffer> {
  const svg = renderSvg(option, o);
  if (format === 'svg') return Buffer.from(embedFont(svg, FIGURE_FONT, figureFontBytes()));
  if (format === 'png') return svgToPng(svg, o.dpi ?? 300);
  const { width, height } = { ...DEFAULT_LAYOUT, ...ownSize(option), ...definedOf(o) };
  return svgToPdf(svg, width, height);
}
