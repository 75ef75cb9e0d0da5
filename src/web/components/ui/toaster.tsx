import { TOAST } from '../../../domain/limits';
import { Link } from 'react-router';
import { leaveEscapeToDialog } from './escape';
import { Toast, ToastAction, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from './toast';
import { dismissToast, useToasts } from './use-toast';

/**
 * Renders the toast store: 5 s each, swipe right past 50 px to dismiss (spec §9). Escape closes a
 * toast, except one pressed in an open dialog, which closes that dialog (escape.ts).
 */
export function Toaster() {
  const toasts = useToasts();
  return (
    <ToastProvider duration={TOAST.durationMs} swipeDirection="right" swipeThreshold={TOAST.swipeThresholdPx}>
      {toasts.map(({ id, title, description, variant, action, open }) => (
        <Toast
          key={id}
          open={open}
          variant={variant}
          onEscapeKeyDown={leaveEscapeToDialog}
          onOpenChange={(next) => {
            if (!next) dismissToast(id);
          }}
        >
          <div className="grid gap-1">
            <ToastTitle>{title}</ToastTitle>
            {description && <ToastDescription>{description}</ToastDescription>}
            {action && (
              <ToastAction altText={action.label} asChild>
                <Link to={action.to}>{action.label}</Link>
              </ToastAction>
            )}
          </div>
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport />
    </ToastProvider>
  );
}
