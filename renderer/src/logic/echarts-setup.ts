/**
 * The ECharts pieces the workbench uses, registered once (tree-shaken build; both renderers), and text
 * measured as `gtlab plot` measures it wherever a figure is set in the figure font
 * (shared/figures/text-metrics.ts), so exports lay out identically; other text asks the page's canvas.
 */
import { setPlatformAPI, use } from 'echarts/core';
import { BarChart, HeatmapChart, LineChart, ScatterChart } from 'echarts/charts';
import {
  GraphicComponent,
  GridComponent,
  LegendComponent,
  TitleComponent,
  TooltipComponent,
  DataZoomComponent,
  VisualMapComponent,
} from 'echarts/components';
import { CanvasRenderer, SVGRenderer } from 'echarts/renderers';
import { figureTextMeasure } from '../../../shared/figures/text-metrics.ts';

// The charts and both renderers (canvas on screen, SVG for exports); the layout pieces; the interactive ones.
use([BarChart, LineChart, ScatterChart, HeatmapChart, CanvasRenderer, SVGRenderer]);
use([GraphicComponent, GridComponent, LegendComponent, TitleComponent]);
use([TooltipComponent, DataZoomComponent, VisualMapComponent]);

let ctx: CanvasRenderingContext2D | null = null;
const canvasMeasure =
  typeof document === 'undefined'
    ? undefined
    : (text: string, font?: string) => {
        ctx ??= document.createElement('canvas').getContext('2d');
        if (!ctx) return { width: text.length * 7 };
        ctx.font = font || '12px sans-serif';
        return { width: ctx.measureText(text).width };
      };
setPlatformAPI({ measureText: figureTextMeasure(canvasMeasure) });
