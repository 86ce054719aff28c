import {
  createSeriesMarkers,
  type IChartApi,
  type ISeriesApi,
  type ISeriesMarkersPluginApi,
  LineSeries,
  LineStyle,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import type { ChartOrderLine } from './order-line-model';

export interface DrawnOrderLine {
  series: ISeriesApi<'Line'>;
  markers: ISeriesMarkersPluginApi<Time>;
}

export interface OrderLineContext {
  chart: IChartApi;
  lines: Map<string, DrawnOrderLine>;
  /** Bars' time shift (chart-time.ts) and width, in seconds. */
  shift: number;
  intervalSeconds: number;
  precision: number;
  colors: { rise: string; fall: string; flat: string };
}

/** Draws `wanted` and removes lines no longer wanted (orders that left the list). */
export function syncOrderLines(context: OrderLineContext, wanted: readonly ChartOrderLine[]): void {
  const ids = new Set(wanted.map((line) => line.id));
  for (const [id, drawn] of context.lines) {
    if (ids.has(id)) continue;
    drawn.markers.detach();
    context.chart.removeSeries(drawn.series);
    context.lines.delete(id);
  }
  for (const line of wanted) drawLine(context, line);
}

function drawLine(context: OrderLineContext, line: ChartOrderLine): void {
  const { chart, colors, intervalSeconds, shift } = context;
  const color = line.tone === 'win' ? colors.rise : line.tone === 'lose' ? colors.fall : colors.flat;
  let drawn = context.lines.get(line.id);
  if (!drawn) {
    const series = chart.addSeries(LineSeries, {
      lineWidth: 2,
      priceLineVisible: false,
      crosshairMarkerVisible: false,
      priceFormat: { type: 'price', precision: context.precision, minMove: 1 / 10 ** context.precision },
    });
    drawn = { series, markers: createSeriesMarkers(series, []) };
    context.lines.set(line.id, drawn);
  }
  drawn.series.applyOptions({
    color,
    // A settled order keeps its result at the end, without a label: the axis stays for the open ones.
    title: line.result === null ? line.label : '',
    lineStyle: line.result === null ? LineStyle.Solid : LineStyle.Dashed,
    lastValueVisible: line.result === null,
  });
  const bucket = (seconds: number) =>
    seconds - (((seconds % intervalSeconds) + intervalSeconds) % intervalSeconds) + shift;
  const start = bucket(line.startSec);
  const end = Math.max(start, bucket(line.endSec));
  // A point in every bar between entry and end: the line keeps the bars' spacing, also in the future.
  const points = [];
  for (let time = start; time <= end; time += intervalSeconds)
    points.push({ time: time as UTCTimestamp, value: line.price });
  drawn.series.setData(points);
  drawn.markers.setMarkers([
    {
      time: end as UTCTimestamp,
      position: 'atPriceMiddle',
      price: line.price,
      shape: 'circle',
      color,
      ...(line.result === null ? {} : { text: line.result }),
    },
  ]);
}
