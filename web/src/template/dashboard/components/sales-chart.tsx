import { useId, useMemo } from 'react';
import { Area, AreaChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartContainer, ChartTooltipContent, type ChartConfig } from './chart';

export interface SalesChartProps {
  /** The values, one per label. */
  values: readonly number[];
  labels: readonly string[];
  yMax: number;
  yTicks: readonly number[];
  /** Total height in px, axes included. */
  height: number;
  /** The tooltip text of a value (e.g. "$30 thousand"). */
  formatValue: (value: number) => string;
  /** Names the series in the tooltip and the table. */
  seriesLabel: string;
  /** Names the chart for assistive technology. */
  label: string;
  /** Says how to read it with the keyboard. */
  hint: string;
  /** Heading of the label column in the table assistive technology reads. */
  labelColumn: string;
}

/**
 * An area chart (recharts) with a tooltip under the pointer or the keyboard: recharts'
 * accessibility layer makes the drawing focusable and the left and right arrow keys walk the
 * points. Screen readers also get the same numbers as a table.
 */
export function SalesChart({
  values,
  labels,
  yMax,
  yTicks,
  height,
  formatValue,
  seriesLabel,
  label,
  hint,
  labelColumn,
}: SalesChartProps) {
  const gradientId = useId();
  const hintId = useId();
  const config = useMemo<ChartConfig>(
    () => ({ sales: { label: seriesLabel, color: 'var(--color-primary)' } }),
    [seriesLabel],
  );
  const data = useMemo(
    () => values.map((sales, at) => ({ label: labels[at] ?? '', sales })),
    [values, labels],
  );

  return (
    <figure className="m-0" data-testid="sales-chart">
      <ChartContainer config={config} height={height}>
        <AreaChart
          data={data}
          margin={{ top: 8, right: 14, bottom: 0, left: 0 }}
          accessibilityLayer
          aria-label={label}
          aria-describedby={hintId}
        >
          <defs>
            <linearGradient id={gradientId} x1="0" x2="0" y1="0" y2="1">
              <stop offset="0%" stopColor="var(--color-sales)" stopOpacity={0.3} />
              <stop offset="100%" stopColor="var(--color-sales)" stopOpacity={0} />
            </linearGradient>
          </defs>
          <CartesianGrid vertical={false} strokeDasharray="4 4" />
          <XAxis
            dataKey="label"
            tickLine={false}
            axisLine={false}
            tickMargin={8}
            minTickGap={8}
            // Where the months do not fit (phones), every other one from January.
            interval="preserveStart"
          />
          <YAxis
            domain={[0, yMax]}
            ticks={[...yTicks]}
            allowDataOverflow
            interval={0}
            tickLine={false}
            axisLine={false}
            tickMargin={6}
            width={30}
          />
          <Tooltip
            cursor={{ stroke: 'var(--color-sales)', strokeOpacity: 0.4 }}
            content={({ active, payload, label: category }) => (
              <ChartTooltipContent
                active={active}
                payload={payload}
                label={category}
                config={config}
                formatValue={formatValue}
              />
            )}
          />
          <Area
            dataKey="sales"
            name={seriesLabel}
            type="monotone"
            stroke="var(--color-sales)"
            strokeWidth={2.5}
            fill={`url(#${gradientId})`}
            fillOpacity={1}
            activeDot={{
              r: 5,
              strokeWidth: 2,
              stroke: 'var(--color-card)',
              fill: 'var(--color-sales)',
            }}
          />
        </AreaChart>
      </ChartContainer>
      <p id={hintId} className="sr-only">
        {hint}
      </p>
      <table className="sr-only">
        <caption>{label}</caption>
        <thead>
          <tr>
            <th scope="col">{labelColumn}</th>
            <th scope="col">{seriesLabel}</th>
          </tr>
        </thead>
        <tbody>
          {data.map((point) => (
            <tr key={point.label}>
              <th scope="row">{point.label}</th>
              <td>{formatValue(point.sales)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
