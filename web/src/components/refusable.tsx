import { cloneElement, lazy, Suspense, useId, type MouseEvent, type ReactElement } from 'react';
import { cn } from '@/lib/utils';

// The tooltip library (with its positioning engine) loads with the first refused control, not
// with every list page whose controls are all allowed.
const ReasonTooltip = lazy(() =>
  import('./reason-tooltip').then((module) => ({ default: module.ReasonTooltip })),
);

/** What a control hands on to its element: a button, or a link styled as one. */
interface ControlProps {
  className?: string;
  disabled?: boolean;
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  'aria-disabled'?: boolean;
  'aria-describedby'?: string;
}

export interface RefusableProps {
  /** Why the control may not be used now, or null when it may. */
  reason: string | null;
  /** One control acting on click (a dialog's trigger, a submit button, a link). */
  children: ReactElement<ControlProps>;
}

const swallow = (event: { preventDefault(): void }) => event.preventDefault();

/**
 * A control that may be refused. Allowed, it is left as it is. Refused, it stays focusable but
 * says it is unavailable (aria-disabled), ignores clicks (a submit button's click too, so Enter
 * in its form does not submit), and gives the reason as its description and in a tooltip on
 * hover and focus.
 */
export function Refusable({ reason, children }: RefusableProps) {
  const reasonId = useId();
  if (reason === null) return children;
  const control = cloneElement(children, {
    // A control disabled for another reason too must stay focusable to show why.
    disabled: false,
    'aria-disabled': true,
    'aria-describedby': reasonId,
    onClick: swallow,
    className: cn(children.props.className, 'cursor-not-allowed opacity-50'),
  });
  return (
    <>
      <Suspense fallback={control}>
        <ReasonTooltip reason={reason}>{control}</ReasonTooltip>
      </Suspense>
      <span id={reasonId} hidden>
        {reason}
      </span>
    </>
  );
}
