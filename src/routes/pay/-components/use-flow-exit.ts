// Where a waiting page goes when its order wait leaves (features/orders/model/order-wait.ts FlowExit).
import { useNavigate, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { WaitState } from '../../../features/orders/model/order-wait';
import { preloadReceiptStore } from '../../../features/orders/queries';

/**
 * A waiting page fetches the code of where it goes next while the driver waits (the route chunk, and for the receipt
 * the receipt store), so the change arrives on a screen that is ready (issue 16: hang-up to receipt).
 */
export function usePreloadNext(to: '/pay/finish' | '/pay/postpay/summary'): void {
  const router = useRouter();
  useEffect(() => {
    const timer = window.setTimeout(() => {
      const route = router.routesByPath[to];
      if (route) void Promise.resolve(router.loadRouteChunk(route)).catch(() => {});
      if (to === '/pay/finish') preloadReceiptStore();
    }, 500);
    return () => window.clearTimeout(timer);
  }, [router, to]);
}

export function useFlowExit(state: WaitState, orderId: string): void {
  const navigate = useNavigate();
  const exit = state.kind === 'left' ? state.exit : null;
  useEffect(() => {
    if (!exit) return;
    if (exit.to === 'finish') {
      void navigate({
        to: '/pay/finish',
        search: (prev) => ({ ...prev, orderId, orderType: exit.orderType }),
        replace: true,
      });
    } else if (exit.to === 'summary') {
      void navigate({
        to: exit.kind === 'wash' ? '/pay/postpay/wash/summary' : '/pay/postpay/summary',
        search: (prev) => ({ ...prev, orderId, orderType: 'POSTPAY' }),
        replace: true,
      });
    } else if (exit.to === 'cancel') {
      void navigate({ to: '/pay/cancel', search: (prev) => ({ ...prev, state: exit.state }), replace: true });
    } else {
      void navigate({ to: '/error', search: exit.type === 'generic' ? {} : { type: exit.type }, replace: true });
    }
  }, [exit, orderId, navigate]);
}
