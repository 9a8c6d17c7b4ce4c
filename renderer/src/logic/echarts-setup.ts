/** The ECharts pieces the workbench uses, registered once (tree-shaken build; both renderers). */
import { use } from 'echarts/core';
import { HeatmapChart, LineChart, ScatterChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TitleComponent, TooltipComponent, DataZoomComponent, VisualMapComponent } from 'echarts/components';
import { CanvasRenderer, SVGRenderer } from 'echarts/renderers';

use([LineChart, ScatterChart, HeatmapChart, GridComponent, LegendComponent, TitleComponent, TooltipComponent, DataZoomComponent, VisualMapComponent, CanvasRenderer, SVGRenderer]);
