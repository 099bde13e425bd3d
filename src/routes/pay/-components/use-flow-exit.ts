// Where a waiting page goes when its order wait leaves (features/orders/model/order-wait.ts FlowExit).
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { WaitState } from '../../../features/orders/model/order-wait';
import { preloadReceiptStore } from '../../../features/orders/queries';

/**
 * The prepay fueling screen loads the receipt store (Dexie) while the driver fuels, so the hang-up's receipt is kept
 * and shown without waiting for that chunk (issue 16: hang-up to receipt). Only online; code only, no stylesheet
 * (a route chunk's CSS loaded half-way offline trips axe's CSSOM read under the CSP).
 */
export function usePreloadReceipt(): void {
  useEffect(() => {
    const timer = window.setTimeout(() => {
      if (navigator.onLine) preloadReceiptStore();
    }, 500);
    return () => window.clearTimeout(timer);
  }, []);
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
    } else if (exit.to === 'evFinish') {
      void navigate({ to: '/pay/ev/finish', search: (prev) => ({ ...prev, orderId }), replace: true });
    } else if (exit.to === 'pay') {
      void navigate({ to: '/pay', search: (prev) => ({ ...prev, orderId: undefined }), replace: true });
    } else if (exit.to === 'cancel') {
      void navigate({ to: '/pay/cancel', search: (prev) => ({ ...prev, state: exit.state }), replace: true });
    } else {
      void navigate({ to: '/error', search: exit.type === 'generic' ? {} : { type: exit.type }, replace: true });
    }
  }, [exit, orderId, navigate]);
}
