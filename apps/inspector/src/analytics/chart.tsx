import { useLayoutEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** One series of a chart. */
export interface ChartSeries {
  label: string;
  values: number[];
  color: string;
}

/** Bars side by side: the first series left of its category, the second right of it. */
function barPaths(
  kind: 'line' | 'bars',
  index: number,
  count: number,
): { paths?: uPlot.Series.PathBuilder } {
  const paths =
    kind === 'bars'
      ? uPlot.paths.bars?.({
          size: [count > 1 ? 0.4 : 0.6, 60],
          align: count > 1 ? (index === 0 ? -1 : 1) : 0,
        })
      : undefined;
  return paths === undefined ? {} : { paths };
}

/**
 * A uPlot chart over categories (`labels`: call numbers, tools, days) with its numbers on hover
 * (uPlot's legend follows the cursor). The same numbers are in a table beside it for readers
 * who do not see the chart.
 */
export function Chart(props: {
  title: string;
  labels: string[];
  series: ChartSeries[];
  kind: 'line' | 'bars';
}) {
  const container = useRef<HTMLDivElement>(null);
  // A layout effect, not a passive one: the chart is drawn in the same commit as its table, so
  // a page whose numbers are on screen has its chart too. A passive effect waits for the next
  // animation frame, which a busy machine delays (the browser test saw the table without the
  // canvas).
  useLayoutEffect(() => {
    const element = container.current;
    if (element === null || props.labels.length === 0) return undefined;
    const width = Math.max(280, element.clientWidth || 480);
    // The axes in the theme's text colour (light or dark).
    const ink = getComputedStyle(element).color || '#333';
    const options: uPlot.Options = {
      width,
      height: 220,
      // One category per index, each in the middle of its own slot.
      scales: { x: { time: false, range: () => [-0.5, props.labels.length - 0.5] } },
      axes: [
        {
          splits: () => props.labels.map((_label, index) => index),
          values: (_plot, splits) => splits.map((split) => props.labels[split] ?? ''),
          stroke: ink,
        },
        { stroke: ink },
      ],
      series: [
        {
          label: 'x',
          value: (_plot, value) => (value === null ? '–' : (props.labels[Math.round(value)] ?? '')),
        },
        ...props.series.map((series, index) => ({
          label: series.label,
          stroke: series.color,
          ...(props.kind === 'bars' ? { fill: `${series.color}99` } : {}),
          width: 2,
          ...barPaths(props.kind, index, props.series.length),
          value: (_plot: uPlot, value: number | null) =>
            value === null ? '–' : value.toLocaleString('en-US'),
        })),
      ],
    };
    const data: uPlot.AlignedData = [
      props.labels.map((_label, index) => index),
      ...props.series.map((series) => series.values),
    ];
    const plot = new uPlot(options, data, element);
    return () => plot.destroy();
  }, [props.labels.join('\n'), JSON.stringify(props.series), props.kind]);

  return (
    <figure class="chart">
      <figcaption>{props.title}</figcaption>
      <div
        ref={container}
        role="img"
        aria-label={`${props.title} (chart; the numbers are in the table below)`}
      />
      <table class="chart-numbers">
        <caption class="visually-hidden">{props.title}</caption>
        <thead>
          <tr>
            <th scope="col">Point</th>
            {props.series.map((series) => (
              <th scope="col" key={series.label} class="number">
                {series.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.labels.map((label, index) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              {props.series.map((series) => (
                <td class="number" key={series.label}>
                  {(series.values[index] ?? 0).toLocaleString('en-US')}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
