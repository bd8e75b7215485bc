import { useEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** One series of a chart. */
export interface ChartSeries {
  label: string;
  values: number[];
  color: string;
}

const bars = uPlot.paths.bars?.({ size: [0.6, 60] });

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
  useEffect(() => {
    const element = container.current;
    if (element === null || props.labels.length === 0) return undefined;
    const width = Math.max(280, element.clientWidth || 480);
    const options: uPlot.Options = {
      width,
      height: 220,
      scales: { x: { time: false } },
      axes: [
        {
          values: (_plot, ticks) => ticks.map((tick) => props.labels[Math.round(tick)] ?? ''),
          stroke: '#333',
        },
        { stroke: '#333' },
      ],
      series: [
        {
          label: 'x',
          value: (_plot, value) => (value === null ? '–' : (props.labels[Math.round(value)] ?? '')),
        },
        ...props.series.map((series) => ({
          label: series.label,
          stroke: series.color,
          ...(props.kind === 'bars' ? { fill: `${series.color}99` } : {}),
          width: 2,
          ...(props.kind === 'bars' && bars !== undefined ? { paths: bars } : {}),
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
