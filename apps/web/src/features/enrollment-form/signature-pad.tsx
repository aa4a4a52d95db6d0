/**
 * A small signature pad: draw with a finger, stylus or mouse (pointer events), Clear to start
 * again. After each stroke the drawing is handed over as a PNG file ('signature.png') on white.
 * Drawing needs a pointer; the keyboard alternative is the upload next to it. Loaded only when a
 * visitor asks to draw, so the form's first load stays small.
 */
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { useT } from '../../shared/i18n/translate';

export interface SignaturePadProps {
  /** The drawing as a PNG file, or null once cleared. */
  onSign: (file: File | null) => void;
  onClose: () => void;
}

const INK = '#1d1b26';

function prepare(canvas: HTMLCanvasElement): CanvasRenderingContext2D | null {
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  const ratio = window.devicePixelRatio || 1;
  const width = canvas.clientWidth || 320;
  const height = canvas.clientHeight || 160;
  canvas.width = Math.round(width * ratio);
  canvas.height = Math.round(height * ratio);
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, width, height);
  ctx.lineWidth = 2.5;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.strokeStyle = INK;
  ctx.fillStyle = INK;
  return ctx;
}

export function SignaturePad({ onSign, onClose }: SignaturePadProps) {
  const t = useT();
  const canvas = useRef<HTMLCanvasElement>(null);
  const ctx = useRef<CanvasRenderingContext2D | null>(null);
  const drawing = useRef(false);
  const [empty, setEmpty] = useState(true);

  useEffect(() => {
    if (canvas.current) ctx.current = prepare(canvas.current);
  }, []);

  const at = (event: PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  };

  const exportPng = () => {
    canvas.current?.toBlob((blob) => {
      if (blob) onSign(new File([blob], 'signature.png', { type: 'image/png' }));
    }, 'image/png');
  };

  const start = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!ctx.current || (event.pointerType === 'mouse' && event.button !== 0)) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drawing.current = true;
    const { x, y } = at(event);
    ctx.current.beginPath();
    ctx.current.arc(x, y, 1.2, 0, Math.PI * 2);
    ctx.current.fill();
    ctx.current.beginPath();
    ctx.current.moveTo(x, y);
  };

  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current || !ctx.current) return;
    const { x, y } = at(event);
    ctx.current.lineTo(x, y);
    ctx.current.stroke();
  };

  const end = () => {
    if (!drawing.current) return;
    drawing.current = false;
    setEmpty(false);
    exportPng();
  };

  const clear = () => {
    if (canvas.current) ctx.current = prepare(canvas.current);
    setEmpty(true);
    onSign(null);
  };

  return (
    <div className="enr-sign">
      <canvas
        ref={canvas}
        className="enr-sign-canvas"
        role="img"
        aria-label={empty ? t('enrol.pad.empty') : t('enrol.pad.signed')}
        onPointerDown={start}
        onPointerMove={move}
        onPointerUp={end}
        onPointerCancel={end}
        onPointerLeave={end}
      />
      <p className="enr-hint">{t('enrol.pad.hint')}</p>
      <div className="enr-upload-actions">
        <button type="button" className="enr-button enr-button--secondary" onClick={clear} disabled={empty}>
          {t('enrol.pad.clear')}
        </button>
        <button type="button" className="enr-button enr-button--text" onClick={onClose}>
          {t('enrol.pad.close')}
        </button>
      </div>
    </div>
  );
}
