import type { CSSProperties, ReactElement } from 'react';
import { ResponsiveContainer, type TooltipContentProps } from 'recharts';
import { cn } from '@/lib/utils';

/**
 * shadcn/ui's chart approach over recharts, trimmed to what the dashboard draws: a config names
 * each series and gives it a color, exposed to the chart as `--color-<key>`, so series say
 * `stroke="var(--color-sales)"` and follow the app's light and dark theme variables.
 */
export type ChartConfig = Record<string, { label: string; color: string }>;

export function ChartContainer({
  config,
  height,
  className,
  children,
}: {
  config: ChartConfig;
  /** In px; the width follows the container. */
  height: number;
  className?: string;
  /** One recharts chart. */
  children: ReactElement;
}) {
  const colors = Object.fromEntries(
    Object.entries(config).map(([key, { color }]) => [`--color-${key}`, color]),
  ) as CSSProperties;
  return (
    <div
      data-slot="chart"
      style={colors}
      className={cn(
        // recharts paints its parts in fixed greys; the theme's variables replace them.
        'text-xs [&_.recharts-cartesian-axis-tick_text]:fill-muted-foreground',
        '[&_.recharts-cartesian-grid_line]:stroke-border',
        // The drawing takes the focus (recharts' accessibility layer); the frame shows it.
        'rounded-md ring-offset-4 ring-offset-card [&_.recharts-surface]:outline-none',
        'has-[.recharts-surface:focus-visible]:ring-[3px] has-[.recharts-surface:focus-visible]:ring-ring/40',
        className,
      )}
    >
      <ResponsiveContainer width="100%" height={height}>
        {children}
      </ResponsiveContainer>
    </div>
  );
}

/**
 * The tooltip's card: the category (a month) over one line per series, a swatch, its name and
 * its value. It is a live region, as recharts' own tooltip is with its accessibility layer, so
 * the value under the keyboard is read out.
 */
export function ChartTooltipContent({
  active,
  payload,
  label,
  config,
  formatValue,
}: Pick<TooltipContentProps<number, string>, 'active' | 'payload' | 'label'> & {
  config: ChartConfig;
  formatValue: (value: number) => string;
}) {
  const shown = active ? payload : [];
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn(
        'grid min-w-32 gap-1.5 rounded-lg border border-border/60 bg-popover px-2.5 py-1.5 text-xs text-popover-foreground shadow-lg',
        shown.length === 0 && 'hidden',
      )}
      data-testid="chart-tooltip"
    >
      {shown.length > 0 ? (
        <>
          <p className="font-medium">{label}</p>
          {shown.map((item) => {
            const key = String(item.dataKey ?? item.name);
            return (
              <p key={key} className="flex items-center gap-2">
                <span
                  aria-hidden="true"
                  className="size-2.5 shrink-0 rounded-[2px]"
                  style={{ backgroundColor: `var(--color-${key})` }}
                />
                <span className="text-muted-foreground">{config[key]?.label ?? item.name}</span>
                <span className="ms-auto ps-3 font-semibold text-foreground tabular-nums">
                  {typeof item.value === 'number' ? formatValue(item.value) : null}
                </span>
              </p>
            );
          })}
        </>
      ) : null}
    </div>
  );
}
