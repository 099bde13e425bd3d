import { createFileRoute } from '@tanstack/react-router';
import { MbwayForm } from '../../../../features/payment-methods/ui/MbwayForm';

/** /profile/payments/add/mbway (shell-and-account.md §2.1): back to the payment methods through payment-register. */
export const Route = createFileRoute('/profile/payments/add/mbway')({
  component: () => <MbwayForm />,
});
