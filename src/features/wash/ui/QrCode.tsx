// A QR drawn on the device from its payload (no image from the server, so it shows without signal). The QR library
// loads with the first code shown, never with the app's entry.
import { useEffect, useRef, useState } from 'react';
import { cx } from '../../../ui';

export function QrCode({ payload, label, className }: { payload: string; label: string; className?: string }) {
  const ref = useRef<HTMLCanvasElement>(null);
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    let live = true;
    void import('lean-qr').then(({ generate }) => {
      const canvas = ref.current;
      if (!live || !canvas) return;
      // Dark on white with the quiet zone scanners need; CSS scales the module grid up crisply.
      generate(payload).toCanvas(canvas, { on: [0, 0, 0, 255], off: [255, 255, 255, 255], padX: 4, padY: 4 });
      setDrawn(true);
    });
    return () => {
      live = false;
    };
  }, [payload]);
  return (
    <canvas
      ref={ref}
      role="img"
      aria-label={label}
      data-qr-payload={drawn ? payload : undefined}
      className={cx('wash-qr', !drawn && 'is-drawing', className)}
    />
  );
}
