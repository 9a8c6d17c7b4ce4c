/** The ECharts pieces the workbench uses, registered once (tree-shaken build; both renderers). */
import { use } from 'echarts/core';
import { LineChart, ScatterChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TitleComponent, TooltipComponent, DataZoomComponent } from 'echarts/components';
import { CanvasRenderer, SVGRenderer } from 'echarts/renderers';

use([LineChart, ScatterChart, GridComponent, LegendComponent, TitleComponent, TooltipComponent, DataZoomComponent, CanvasRenderer, SVGRenderer]);
