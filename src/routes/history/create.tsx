import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { HistoryEvent } from '../../../contract/history';
import { type CostFormValues, localDate, toCostBody } from '../../features/history/model/cost-form';
import { useCreateCost } from '../../features/history/queries';
import { CostForm } from '../../features/history/ui/CostForm';
import { ImagePicker, type PickedImage } from '../../features/history/ui/ImagePicker';
import { useVehicles } from '../../features/history/ui/use-vehicles';
import { Page, toast } from '../../ui';

export const Route = createFileRoute('/history/create')({
  component: CreateCost,
});

/** A new cost (§2.4 Cost entry): sent at once with signal, else kept on the phone and sent by the outbox later. */
function CreateCost() {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const { userId, vehicles } = useVehicles();
  const create = useCreateCost();
  const [image, setImage] = useState<PickedImage | null>(null);
  const initial: CostFormValues = {
    category: '',
    price: '',
    currency: 'EUR',
    date: localDate(new Date()),
    recurrence: 'NEVER',
    name: '',
    notes: '',
    vehicle: vehicles[0]?.id ?? '',
    litres: '',
    mileage: '',
    tankFull: true,
  };
  if (!userId) return null;

  async function onSubmit(values: CostFormValues) {
    const body = toCostBody(values, i18n.locale, new Date());
    const result = await create.mutateAsync({
      userId: userId as string,
      localKey: crypto.randomUUID(),
      body,
      image: image ? { bytes: image.bytes, type: image.type } : undefined,
    });
    if (result.status === 'sent') {
      toast.show({ text: i18n._(msg`Cost saved`), tone: 'success' });
      await navigate({ to: '/history/$id', params: { id: (result.result as HistoryEvent)._id } });
    } else {
      toast.show({ text: i18n._(msg`Saved on this phone. It is sent when you are online.`), tone: 'info' });
      await navigate({ to: '/history' });
    }
  }

  return (
    <Page title={<Trans>Add a cost</Trans>}>
      <CostForm
        key={vehicles[0]?.id ?? 'none'}
        initial={initial}
        userId={userId}
        vehicles={vehicles}
        withRecurrence
        submitLabel={<Trans>Save cost</Trans>}
        onSubmit={onSubmit}
      >
        <ImagePicker value={image} onChange={setImage} />
      </CostForm>
    </Page>
  );
}
