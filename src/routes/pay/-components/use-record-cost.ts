// The receipt records the paid order as a cost with the reading the driver gave (pay-flows.md §4 Finish "The odometer
// reading is submitted once the product is acquired, unless the user refused"; §7 PUT
// /v4/account-history/costs/by-order/{id} with tankIsFull false and carOdometerM). Once per order: the answer the
// order went with is forgotten as soon as the write is safe in the outbox (sent, or waiting for signal).
// A refused reading (REFUSED) sends nothing: the server records the paid order in the history by itself when it
// completes, and the driver said no to the reading. No odometer screen for the order: nothing to send either.
import { useEffect } from 'react';
import { useRecordCostsByOrder } from '../../../features/history/queries';
import { carOdometerMOf } from '../../../features/odometer/model/odometer';
import { forgetOrderOdometer, orderOdometer } from '../../../features/odometer/store';
import { classifyFailure } from '../../../lib/http/retry';

/** Orders whose record is on its way in this tab (a second effect run, a second receipt mount, sends nothing). */
const underway = new Set<string>();

export function useRecordCostAtFinish(orderId: string, acquired: boolean, signedIn: boolean): void {
  const { mutate } = useRecordCostsByOrder();
  useEffect(() => {
    if (!acquired || !signedIn || underway.has(orderId)) return;
    const answer = orderOdometer(orderId);
    if (!answer) return;
    const carOdometerM = carOdometerMOf(answer);
    if (carOdometerM === undefined) {
      forgetOrderOdometer(orderId);
      return;
    }
    underway.add(orderId);
    mutate(
      { orderId, carOdometerM },
      {
        onSuccess: () => forgetOrderOdometer(orderId),
        onError: (error) => {
          // Refused by the server (the outbox tells the driver): it would never pass. Not stored (the device's
          // database failed): the next visit of the receipt tries again.
          if (classifyFailure(error) === 'refused') forgetOrderOdometer(orderId);
          else underway.delete(orderId);
        },
      },
    );
  }, [acquired, signedIn, orderId, mutate]);
}
