import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState } from 'react';
import { IMAGE_TYPES, MAX_IMAGE_BYTES } from '../../../../contract/history';
import { fieldErrorText } from '../../../i18n/messages';
import { Button, Spinner } from '../../../ui';
import { CloseIcon, PlusIcon } from '../../../ui/icons';

export type PickedImage = { bytes: ArrayBuffer; type: string; name: string };

/** Shrinks a photo before it is sent or kept (browser-image-compression, loaded when a photo is picked). */
async function compress(file: File): Promise<Blob> {
  const { default: imageCompression } = await import('browser-image-compression');
  try {
    // No web worker: the library would load its worker script from a CDN, which is not there without signal.
    return await imageCompression(file, { maxSizeMB: 1, maxWidthOrHeight: 2048, useWebWorker: false });
  } catch {
    return file; // a picture the browser cannot decode: sent as it is (the server checks its type)
  }
}

/** Pick an image (§5 "Images must be under 6 MB"): refused at 6 MB or more, else compressed and previewed. */
export function ImagePicker({
  value,
  onChange,
}: {
  value: PickedImage | null;
  onChange: (image: PickedImage | null) => void;
}) {
  const { i18n } = useLingui();
  const input = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!value) return setPreview(null);
    const url = URL.createObjectURL(new Blob([value.bytes], { type: value.type }));
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [value]);

  async function onPick(file: File | undefined) {
    if (!file) return;
    setError(null);
    if (file.size >= MAX_IMAGE_BYTES) {
      setError(fieldErrorText(i18n, { kind: 'imageTooLarge' }, ''));
      onChange(null);
      return;
    }
    if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) {
      setError(i18n._(msg`Choose a JPEG, PNG or WebP image`));
      return;
    }
    setBusy(true);
    try {
      const small = await compress(file);
      const type = (IMAGE_TYPES as readonly string[]).includes(small.type) ? small.type : file.type;
      onChange({ bytes: await small.arrayBuffer(), type, name: file.name });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="field">
      <input
        ref={input}
        type="file"
        className="visually-hidden"
        // The visible button opens it: one tab stop for one action, not a second, invisible one.
        tabIndex={-1}
        accept={IMAGE_TYPES.join(',')}
        aria-label={i18n._(msg`Attach an image`)}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => {
          void onPick(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      {preview && value ? (
        <div className="history-images">
          <img src={preview} alt={i18n._(msg`Attached image ${value.name}`)} />
          <Button variant="ghost" size="sm" icon={<CloseIcon size={18} />} onClick={() => onChange(null)}>
            <Trans>Remove image</Trans>
          </Button>
        </div>
      ) : (
        <Button
          variant="secondary"
          icon={busy ? <Spinner size="sm" /> : <PlusIcon size={18} />}
          onClick={() => input.current?.click()}
        >
          <Trans>Attach an image</Trans>
        </Button>
      )}
      {error ? (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
