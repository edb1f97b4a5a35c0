import { useId, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { cn } from '@/lib/utils';
import { monotonePath, toChartPoints } from './chart-path';

/** The drawing's own units; the SVG stretches across the width, so only x is scaled. */
const VIEW_WIDTH = 1000;
const X_AXIS_HEIGHT = 22;
const Y_AXIS_WIDTH = 30;
/** Room above the top gridline so the highest dot is not cut in half. */
const TOP_PADDING = 6;

export interface AreaChartProps {
  /** The values, one per label. */
  values: readonly number[];
  labels: readonly string[];
  yMax: number;
  yTicks: readonly number[];
  /** Total height in px, axes included. */
  height: number;
  /** The tooltip text of a value (e.g. "$30 thousand"). */
  formatValue: (value: number) => string;
  /** Names the chart for assistive technology. */
  label: string;
  /** Says how to read it with the keyboard. */
  hint: string;
  /** Column headings of the table that assistive technology reads instead of the drawing. */
  columns: readonly [string, string];
}

/**
 * A small SVG area chart with a tooltip: pointer over it, or focus it and use the arrow keys
 * (it is a slider over the points). Screen readers get the same numbers as a table.
 */
export function AreaChart({
  values,
  labels,
  yMax,
  yTicks,
  height,
  formatValue,
  label,
  hint,
  columns,
}: AreaChartProps) {
  const gradientId = useId();
  const hintId = useId();
  const plotRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState<number | null>(null);
  const plotHeight = height - X_AXIS_HEIGHT - TOP_PADDING;
  const points = useMemo(
    () => toChartPoints(values, { width: VIEW_WIDTH, height: plotHeight, yMax }),
    [values, plotHeight, yMax],
  );
  const line = useMemo(() => monotonePath(points), [points]);
  const area = `${line}L${VIEW_WIDTH},${plotHeight}L0,${plotHeight}Z`;
  const last = values.length - 1;
  const shown = active === null ? null : { at: active, point: points[active] };
  const percentX = (at: number) => (last > 0 ? (at / last) * 100 : 0);

  const pick = (event: PointerEvent<HTMLDivElement>) => {
    const box = plotRef.current?.getBoundingClientRect();
    if (!box || box.width === 0) return;
    const ratio = Math.min(Math.max((event.clientX - box.left) / box.width, 0), 1);
    setActive(Math.round(ratio * last));
  };
  const step = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = active ?? last;
    const next =
      {
        ArrowRight: current + 1,
        ArrowUp: current + 1,
        ArrowLeft: current - 1,
        ArrowDown: current - 1,
        Home: 0,
        End: last,
      }[event.key] ?? null;
    if (next === null) return;
    event.preventDefault();
    setActive(Math.min(Math.max(next, 0), last));
  };
  const current = active ?? last;
  const valueText = `${labels[current] ?? ''}: ${formatValue(values[current] ?? 0)}`;

  return (
    <figure className="m-0" data-testid="area-chart">
      {/* The focusable reader: a slider over the points, announcing the month and value. */}
      <div
        role="slider"
        tabIndex={0}
        aria-label={label}
        aria-describedby={hintId}
        aria-valuemin={1}
        aria-valuemax={values.length}
        aria-valuenow={current + 1}
        aria-valuetext={valueText}
        onKeyDown={step}
        onFocus={() => setActive((at) => at ?? last)}
        onBlur={() => setActive(null)}
        className="rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:ring-offset-4 focus-visible:ring-offset-card"
        data-testid="area-chart-reader"
      >
        <div
          className="relative grid select-none"
          style={{ height, gridTemplateColumns: `${Y_AXIS_WIDTH}px 1fr` }}
          aria-hidden="true"
        >
          <div className="relative" style={{ marginTop: TOP_PADDING, height: plotHeight }}>
            {yTicks.map((tick) => (
              <span
                key={tick}
                className="absolute right-2 -translate-y-1/2 text-[11px] text-muted-foreground tabular-nums"
                style={{ top: `${100 - (tick / yMax) * 100}%` }}
              >
                {tick}
              </span>
            ))}
          </div>
          <div className="relative">
            <div
              ref={plotRef}
              className="absolute inset-x-0"
              style={{ top: TOP_PADDING, height: plotHeight }}
              onPointerMove={pick}
              onPointerDown={pick}
              onPointerLeave={() => setActive(null)}
            >
              <svg
                className="absolute inset-0 size-full overflow-visible"
                viewBox={`0 0 ${VIEW_WIDTH} ${plotHeight}`}
                preserveAspectRatio="none"
              >
                <defs>
                  <linearGradient id={gradientId} x1="0" x2="0" y1="0" y2="1">
                    <stop
                      offset="0%"
                      className="[stop-color:var(--color-primary)] [stop-opacity:0.28]"
                    />
                    <stop
                      offset="100%"
                      className="[stop-color:var(--color-primary)] [stop-opacity:0]"
                    />
                  </linearGradient>
                </defs>
                {yTicks.map((tick) => (
                  <line
                    key={tick}
                    x1={0}
                    x2={VIEW_WIDTH}
                    y1={plotHeight - (tick / yMax) * plotHeight}
                    y2={plotHeight - (tick / yMax) * plotHeight}
                    className="stroke-border"
                    strokeDasharray={tick === 0 ? undefined : '4 4'}
                    vectorEffect="non-scaling-stroke"
                  />
                ))}
                <path d={area} fill={`url(#${gradientId})`} />
                <path
                  d={line}
                  fill="none"
                  className="stroke-primary"
                  strokeWidth={2.5}
                  strokeLinecap="round"
                  vectorEffect="non-scaling-stroke"
                  data-testid="area-chart-line"
                />
                {shown?.point ? (
                  <line
                    x1={shown.point.x}
                    x2={shown.point.x}
                    y1={0}
                    y2={plotHeight}
                    className="stroke-primary/40"
                    vectorEffect="non-scaling-stroke"
                  />
                ) : null}
              </svg>
              {shown?.point ? (
                <>
                  <span
                    className="pointer-events-none absolute size-3 -translate-1/2 rounded-full border-2 border-card bg-primary shadow"
                    style={{ left: `${percentX(shown.at)}%`, top: shown.point.y }}
                  />
                  <span
                    className={cn(
                      'pointer-events-none absolute z-10 rounded-md bg-foreground px-2.5 py-1.5 text-xs whitespace-nowrap text-background shadow-md',
                      shown.at === 0
                        ? 'translate-x-0'
                        : shown.at === last
                          ? '-translate-x-full'
                          : '-translate-x-1/2',
                    )}
                    style={{
                      left: `${percentX(shown.at)}%`,
                      top: Math.max(shown.point.y - 52, -TOP_PADDING - 4),
                    }}
                    data-testid="area-chart-tooltip"
                  >
                    <span className="block text-[11px] opacity-75">{labels[shown.at]}</span>
                    <span className="font-semibold tabular-nums">
                      {formatValue(values[shown.at] ?? 0)}
                    </span>
                  </span>
                </>
              ) : null}
            </div>
            <div className="absolute inset-x-0 bottom-0 flex h-[22px] items-end justify-between">
              {labels.map((month, at) => (
                <span
                  key={month}
                  className={cn(
                    'w-0 text-center text-[11px] whitespace-nowrap text-muted-foreground',
                    // Phones show every other month.
                    at % 2 === 1 && 'max-sm:invisible',
                  )}
                >
                  <span className="inline-block -translate-x-1/2">{month}</span>
                </span>
              ))}
            </div>
          </div>
        </div>
      </div>
      <p id={hintId} className="sr-only">
        {hint}
      </p>
      <table className="sr-only">
        <caption>{label}</caption>
        <thead>
          <tr>
            <th scope="col">{columns[0]}</th>
            <th scope="col">{columns[1]}</th>
          </tr>
        </thead>
        <tbody>
          {values.map((value, at) => (
            <tr key={labels[at] ?? at}>
              <th scope="row">{labels[at]}</th>
              <td>{formatValue(value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
