/**
 * Figures for papers in the browser host from the same ECharts options and layout as `gtlab plot`
 * (shared/figures/run-figure.ts, figure-layout.ts): SVG with the SVG renderer in server-side mode (no DOM
 * needed) and the figure font embedded as `gtlab plot` embeds it, so one gtlab-figure gives one SVG in
 * both; PNG at 300 dpi through the canvas renderer with the figure font loaded into the page, marked
 * with a pHYs chunk. Vector PDF needs the desktop host (node/render-figure.ts) or `gtlab plot`.
 */
import './echarts-setup.ts';
import { init } from 'echarts/core';
import { setPngDpi } from '../../../shared/figures/png-dpi.ts';
import { figureFileName, storedRunsFigure } from '../../../shared/figures/run-figure.ts';
import { DEFAULT_LAYOUT, exportOption } from '../../../shared/figures/figure-layout.ts';
import type { FigureLayout } from '../../../shared/figures/layout-rules.ts';
import { ownSize } from '../../../shared/figures/own-size.ts';
import { figureLayout, type FigureSpec } from '../../../shared/figures/figure-spec.ts';
import { bytesToBase64, embedFont } from '../../../shared/figures/svg-font.ts';
import { FIGURE_FONT } from '../../../shared/figures/text-metrics.ts';
import { withoutXmlIllegal } from '../../../shared/io/xml-escape.ts';
import type { RunData, SaveRequest, StudyRecord } from '../../../shared/api/contract.ts';
import { studyFigureOption, studyFileName } from '../../../shared/studies/study-exports.ts';
import { runStem } from './files.ts';

const PNG_DPI = 300;
/** Why the browser offers no PDF (the Export tab shows it on the disabled button). */
export const PDF_IN_BROWSER =
  'PDF needs the desktop app or `gtlab plot RUN_DIR --figure FIG.json --out fig.pdf`; in the browser, export SVG (vector, font embedded) or PNG (300 dpi)';

type Option = Record<string, unknown>;

/** The SVG text of an exported option (fonts referenced, not embedded). */
export function renderSvg(option: Option, layout: FigureLayout = DEFAULT_LAYOUT): string {
  const chart = init(null, null, { renderer: 'svg', ssr: true, width: layout.width, height: layout.height });
  try {
    chart.setOption(exportOption(option, layout));
    return withoutXmlIllegal(chart.renderToSVGString());
  } finally {
    chart.dispose();
  }
}

let fontLoaded: Promise<void> | null = null;
/** The figure font in the page, so the canvas renderer draws PNGs with it. */
function loadFontIntoPage(bytes: Uint8Array): Promise<void> {
  fontLoaded ??= (async () => {
    const face = new FontFace(FIGURE_FONT, bytes as Uint8Array<ArrayBuffer>);
    await face.load();
    document.fonts.add(face);
  })();
  return fontLoaded;
}

/** PNG at `dpi` as base64. */
async function renderPngBase64(
  option: Option,
  layout: FigureLayout,
  fontBytes: Uint8Array,
  dpi = PNG_DPI,
): Promise<string> {
  await loadFontIntoPage(fontBytes);
  const host = document.createElement('div');
  host.style.cssText = `position:fixed;left:-10000px;top:0;width:${layout.width}px;height:${layout.height}px;`;
  document.body.appendChild(host);
  const ratio = dpi / 96;
  const chart = init(host, null, {
    renderer: 'canvas',
    width: layout.width,
    height: layout.height,
    devicePixelRatio: ratio,
  });
  try {
    chart.setOption(exportOption(option, layout));
    const url = chart.getDataURL({ type: 'png', pixelRatio: ratio, backgroundColor: '#ffffff' });
    const raw = Uint8Array.from(atob(url.slice(url.indexOf(',') + 1)), (c) => c.charCodeAt(0));
    return bytesToBase64(setPngDpi(raw, dpi));
  } finally {
    chart.dispose();
    host.remove();
  }
}

/**
 * The browser host's exportFigure: the figure of `runs` (the first, then those compared) as `figure`
 * sets it, as SVG or 300 dpi PNG; `fontBytes` is the shipped figure font.
 */
export async function figureFile(
  runs: readonly RunData[],
  figure: FigureSpec,
  format: 'svg' | 'png' | 'pdf',
  fontBytes: Uint8Array,
): Promise<SaveRequest> {
  if (format === 'pdf') throw new RangeError(PDF_IN_BROWSER);
  const option = storedRunsFigure(
    runs.map((r) => ({ spec: r.spec, lines: r.lines, generator: r.generator })),
    { ...figure },
    { fontFamily: FIGURE_FONT },
  );
  const layout = figureLayout(figure);
  const suggestedName = figureFileName(runStem(runs[0].spec), figure, runs[0].spec, runs.length - 1, format);
  return format === 'svg'
    ? { suggestedName, content: embedFont(renderSvg(option, layout), FIGURE_FONT, fontBytes), encoding: 'utf8' }
    : { suggestedName, content: await renderPngBase64(option, layout, fontBytes), encoding: 'base64' };
}

/**
 * The browser host's exportStudyFigure: a kept study's figure (the Studies tab's chart, a typeset table)
 * at its own size or the default export size, as SVG (font embedded) or 300 dpi PNG, as the desktop host
 * renders it.
 */
export async function studyFigureFile(
  record: StudyRecord,
  format: 'svg' | 'png' | 'pdf',
  fontBytes: Uint8Array,
): Promise<SaveRequest> {
  if (format === 'pdf')
    throw new RangeError(
      'PDF needs the desktop app; in the browser, export SVG (vector, font embedded) or PNG (300 dpi)',
    );
  const option = studyFigureOption(record.result, { fontFamily: FIGURE_FONT });
  if (!option) throw new RangeError(`study "${record.id}" (${record.request.kind}) has no figure: export its CSV`);
  const suggestedName = studyFileName(record, format);
  const layout = { ...DEFAULT_LAYOUT, ...ownSize(option) };
  return format === 'svg'
    ? { suggestedName, content: embedFont(renderSvg(option, layout), FIGURE_FONT, fontBytes), encoding: 'utf8' }
    : { suggestedName, content: await renderPngBase64(option, layout, fontBytes), encoding: 'base64' };
}
