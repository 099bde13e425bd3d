import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import type { HistoryEvent, ImageInfo } from '../../../../contract/history';
import { errorText } from '../../../i18n/messages';
import { Notice, Section } from '../../../ui';
import { fetchImage, useAddImage } from '../queries';
import { ImagePicker, type PickedImage } from './ImagePicker';

function Thumb({ eventId, image, label }: { eventId: string; image: ImageInfo; label: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    let made: string | null = null;
    fetchImage(eventId, image._id, abort.signal)
      .then((blob) => {
        made = URL.createObjectURL(blob);
        setUrl(made);
      })
      .catch(() => setUrl(null));
    return () => {
      abort.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [eventId, image._id]);
  return url ? <img src={url} alt={label} /> : <span className="history-stat" aria-hidden="true" />;
}

/** An event's images (fetched with the session, so an <img src> cannot load them itself) and adding one. */
export function EventImages({
  event,
  userId,
  pendingImage,
}: {
  event: HistoryEvent;
  userId: string;
  pendingImage?: { bytes: ArrayBuffer; type: string } | undefined;
}) {
  const { i18n } = useLingui();
  const add = useAddImage();
  const [picked, setPicked] = useState<PickedImage | null>(null);
  const [pendingUrl, setPendingUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!pendingImage) return;
    const url = URL.createObjectURL(new Blob([pendingImage.bytes], { type: pendingImage.type }));
    setPendingUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [pendingImage]);
  const local = event._id.startsWith('local-');

  async function upload(image: PickedImage | null) {
    setPicked(image);
    if (!image) return;
    await add
      .mutateAsync({ userId, eventId: event._id, image: new Blob([image.bytes], { type: image.type }) })
      .catch(() => {});
    setPicked(null);
  }

  return (
    <Section title={<Trans>Images</Trans>}>
      <div className="history-images">
        {event.images.map((image, i) => (
          <Thumb key={image._id} eventId={event._id} image={image} label={i18n._(msg`Image ${i + 1}`)} />
        ))}
        {pendingUrl ? <img src={pendingUrl} alt={i18n._(msg`Image waiting for signal`)} /> : null}
      </div>
      {add.isError ? (
        <Notice tone="danger" live="alert">
          {add.error.code === 'image_quota_exceeded'
            ? i18n._(msg`Your photo storage is full. Delete some photos to add new ones.`)
            : add.error.status === 413
              ? i18n._(msg`Images must be under 6 MB`)
              : errorText(i18n, add.error)}
        </Notice>
      ) : null}
      {local ? null : <ImagePicker value={picked} onChange={(image) => void upload(image)} />}
    </Section>
  );
}
