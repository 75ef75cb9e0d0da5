import { useContext, type ComponentProps } from 'react';
import { DropdownMenu as MenuPrimitive } from 'radix-ui';
import { cn } from '../../lib/utils';
import { OpenedByKeyboard } from './deferred-open';

/**
 * Menus are not modal: a modal menu hides the rest of the page from assistive technology while its
 * buttons stay focusable (axe's aria-hidden-focus), and a modal menu and the dialog one of its items
 * opens would both hold the page's pointer events. Escape or a click outside still closes it.
 */
export function DropdownMenu({ modal = false, ...props }: ComponentProps<typeof MenuPrimitive.Root>) {
  return <MenuPrimitive.Root modal={modal} {...props} />;
}
export const DropdownMenuTrigger = MenuPrimitive.Trigger;

export function DropdownMenuContent({
  className,
  sideOffset = 8,
  align = 'end',
  ...props
}: ComponentProps<typeof MenuPrimitive.Content>) {
  const openedByKeyboard = useContext(OpenedByKeyboard);
  // Its first opening came from a key press made before it loaded: once Radix has focused the
  // list, its first item takes focus instead.
  const focusFirstItem = (content: HTMLDivElement | null) => {
    if (content && openedByKeyboard())
      requestAnimationFrame(() => content.querySelector<HTMLElement>('[role="menuitem"]')?.focus());
  };
  return (
    <MenuPrimitive.Portal>
      <MenuPrimitive.Content
        ref={focusFirstItem}
        sideOffset={sideOffset}
        align={align}
        className={cn('z-50 min-w-56 rounded-xl border bg-card p-1.5 text-foreground shadow-lg', className)}
        {...props}
      />
    </MenuPrimitive.Portal>
  );
}

export function DropdownMenuItem({ className, ...props }: ComponentProps<typeof MenuPrimitive.Item>) {
  return (
    <MenuPrimitive.Item
      className={cn(
        'flex cursor-default items-center gap-2 rounded-lg px-2.5 py-2 text-sm outline-none select-none focus-visible:outline-2 focus-visible:outline-solid focus-visible:-outline-offset-2 focus-visible:outline-ring data-[disabled]:opacity-50 data-[highlighted]:bg-muted [&_svg]:size-4 [&_svg]:text-muted-foreground',
        className,
      )}
      {...props}
    />
  );
}

export function DropdownMenuLabel({ className, ...props }: ComponentProps<typeof MenuPrimitive.Label>) {
  return <MenuPrimitive.Label className={cn('px-2.5 py-2 text-sm', className)} {...props} />;
}

export function DropdownMenuSeparator({ className, ...props }: ComponentProps<typeof MenuPrimitive.Separator>) {
  return <MenuPrimitive.Separator className={cn('-mx-1.5 my-1.5 h-px bg-border', className)} {...props} />;
}
