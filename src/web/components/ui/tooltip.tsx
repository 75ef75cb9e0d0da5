import { useState, type ReactElement, type ReactNode } from 'react';
import { Tooltip as TooltipPrimitive } from 'radix-ui';
import { TOOLTIP } from '../../../domain/limits';

/**
 * A tooltip with the delays of spec §9 (700 ms, 300 ms between neighbours) that keyboard focus,
 * and a tap or click, also open: a touch screen has no hover. Escape or a tap elsewhere closes it.
 * The trigger must be focusable (a button). `side`: above it unless that would cover what it names.
 */
export function Tooltip({ content, side = 'top', children }: { content: ReactNode; side?: 'top' | 'bottom'; children: ReactElement }) {
  const [open, setOpen] = useState(false);
  return (
    <TooltipPrimitive.Provider delayDuration={TOOLTIP.openDelayMs} skipDelayDuration={TOOLTIP.skipDelayMs}>
      <TooltipPrimitive.Root open={open} onOpenChange={setOpen}>
        <TooltipPrimitive.Trigger
          asChild
          onClick={(event) => {
            // Radix closes a tooltip on click; here a click (or tap) is how touch screens open it.
            event.preventDefault();
            setOpen(true);
          }}
        >
          {children}
        </TooltipPrimitive.Trigger>
        <TooltipPrimitive.Portal>
          <TooltipPrimitive.Content
            side={side}
            sideOffset={6}
            collisionPadding={8}
            className="z-[60] max-w-64 rounded-lg bg-foreground px-3 py-2 text-xs leading-relaxed text-background shadow-md"
          >
            {content}
            <TooltipPrimitive.Arrow className="fill-foreground" />
          </TooltipPrimitive.Content>
        </TooltipPrimitive.Portal>
      </TooltipPrimitive.Root>
    </TooltipPrimitive.Provider>
  );
}
