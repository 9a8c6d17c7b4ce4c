/**
 * Figures for papers in the browser host from the same ECharts options as the live chart and `gtlab
 * plot` (shared/figures/run-figure.ts): SVG with the SVG renderer in server-side mode (no DOM needed),
 * PNG at 300 dpi through the canvas renderer at 300/96 device pixels per CSS pixel, marked with a pHYs
 * chunk. Vector PDF needs the desktop host (node/render-figure.ts) or `gtlab plot`.
 */
import './echarts-setup.ts';
import { init } from 'echarts/core';
import { setPngDpi } from '../../../shared/figures/png-dpi.ts';
import { chartRun, exportOption, FIGURE_HEIGHT, FIGURE_WIDTH, runFigureOption } from '../../../shared/figures/run-figure.ts';
import type { FigureRequest, RunData, SaveRequest } from '../../../shared/api/contract.ts';
import { runStem } from './files.ts';

export const PNG_DPI = 300;

type Option = Record<string, unknown>;

export function renderSvg(option: Option, width = FIGURE_WIDTH, height = FIGURE_HEIGHT): string {
  const chart = init(null, null, { renderer: 'svg', ssr: true, width, height });
  try {
    chart.setOption(exportOption(option, width));
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}

function bytesToBase64(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

/** PNG at `dpi` as base64. */
export function renderPngBase64(option: Option, width = FIGURE_WIDTH, height = FIGURE_HEIGHT, dpi = PNG_DPI): string {
  const host = document.createElement('div');
  host.style.cssText = `position:fixed;left:-10000px;top:0;width:${width}px;height:${height}px;`;
  document.body.appendChild(host);
  const ratio = dpi / 96;
  const chart = init(host, null, { renderer: 'canvas', width, height, devicePixelRatio: ratio });
  try {
    chart.setOption(exportOption(option, width));
    const url = chart.getDataURL({ type: 'png', pixelRatio: ratio, backgroundColor: '#ffffff' });
    const b64 = url.slice(url.indexOf(',') + 1);
    const raw = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    return bytesToBase64(setPngDpi(raw, dpi));
  } finally {
    chart.dispose();
    host.remove();
  }
}

/** The browser host's exportFigure: the run's chart (optionally with a second run) as SVG or 300 dpi PNG. */
export function figureFile(run: RunData, req: FigureRequest, compare: RunData | null = null): SaveRequest {
  if (req.format === 'pdf') {
    throw new RangeError('PDF export needs the desktop app or `gtlab plot RUN_DIR --out fig.pdf`; in the browser, export SVG (vector) or PNG (300 dpi)');
  }
  const option = runFigureOption(req.mode, req.counter, chartRun(run.spec, run.lines, req.counter, run.generator), compare && chartRun(compare.spec, compare.lines, req.counter, compare.generator));
  const suggestedName = `${runStem(run.spec)}-${req.mode}-${req.counter}${compare ? '-compare' : ''}.${req.format}`;
  return req.format === 'svg'
    ? { suggestedName, content: renderSvg(option), encoding: 'utf8' }
    : { suggestedName, content: renderPngBase64(option), encoding: 'base64' };
}
