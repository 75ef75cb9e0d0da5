import { useEffect, useRef, useState } from 'react';
import { PAYMENT_MESSAGES } from '../../../../domain/payment-values';
import type { Receipt } from '../../../../domain/payments';
import { toast } from '../../../components/ui/use-toast';
import { capturePayPalOrder, createPayPalOrder } from '../api/pay';
import { paymentFailure, type PassProduct } from '../api/purchase';

/** The part of PayPal's JS SDK used here (https://developer.paypal.com/sdk/js/reference/). */
interface PayPalNamespace {
  Buttons(options: {
    style?: Record<string, string | number>;
    createOrder: () => Promise<string>;
    onApprove: (data: { orderID: string }) => Promise<void>;
    onError: (error: unknown) => void;
  }): { render(element: HTMLElement): Promise<void>; close(): Promise<void> };
}

/** PayPal's SDK, once per client id: a script tag added only when this chunk is (a real client id, the tab shown). */
const loaded = new Map<string, Promise<PayPalNamespace>>();
function payPalFor(clientId: string): Promise<PayPalNamespace> {
  let promise = loaded.get(clientId);
  if (!promise) {
    promise = new Promise((resolve, reject) => {
      const script = document.createElement('script');
      script.src = `https://www.paypal.com/sdk/js?${new URLSearchParams({ 'client-id': clientId, currency: 'USD', intent: 'capture' })}`;
      script.async = true;
      script.onload = () => {
        const paypal = (window as unknown as { paypal?: PayPalNamespace }).paypal;
        if (paypal) resolve(paypal);
        else reject(new Error('PayPal SDK loaded without window.paypal'));
      };
      script.onerror = () => reject(new Error('PayPal SDK could not be loaded'));
      document.head.append(script);
    });
    promise.catch(() => loaded.delete(clientId));
    loaded.set(clientId, promise);
  }
  return promise;
}

interface PayPalButtonsProps {
  clientId: string;
  product: PassProduct;
  price: number;
  onPaid: (receipt: Receipt) => Promise<void>;
}

/**
 * PayPal's buttons (spec §7 /paypal/order, /paypal/order/:id/capture; docs/decisions/0082): the
 * order is made by the server at its own price, captured by the server once the payer approves.
 * PayPal's own errors are only logged (spec §8); a capture that did not pay says so.
 */
export function PayPalButtons({ clientId, product, price, onPaid }: PayPalButtonsProps) {
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const latest = useRef(onPaid);
  useEffect(() => {
    latest.current = onPaid;
  });

  useEffect(() => {
    let buttons: ReturnType<PayPalNamespace['Buttons']> | null = null;
    let live = true;
    payPalFor(clientId)
      .then(async (paypal) => {
        if (!live || !container.current) return;
        buttons = paypal.Buttons({
          style: { layout: 'vertical', label: 'pay', height: 44 },
          createOrder: async () => (await createPayPalOrder(product, price)).id,
          onApprove: async ({ orderID }) => {
            const captured = await capturePayPalOrder(orderID);
            if (captured.status === 'paid' && captured.receipt) await latest.current(captured.receipt);
            else toast({ variant: 'destructive', ...paymentFailure(product) });
          },
          onError: (error) => console.error('PayPal error', error),
        });
        await buttons.render(container.current);
        if (live) setState('ready');
      })
      .catch((error: unknown) => {
        console.error('PayPal could not be shown', error);
        if (live) setState('failed');
      });
    return () => {
      live = false;
      void buttons?.close().catch(() => undefined);
    };
  }, [clientId, product, price]);

  return (
    <div className="grid gap-2">
      {state === 'loading' && (
        <p role="status" className="text-sm text-muted-foreground">
          Loading PayPal…
        </p>
      )}
      {state === 'failed' && (
        <p className="text-sm text-destructive">{PAYMENT_MESSAGES.providerUnavailable}</p>
      )}
      <div ref={container} />
    </div>
  );
}
