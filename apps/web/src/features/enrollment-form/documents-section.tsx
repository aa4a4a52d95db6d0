/**
 * The documents part of the enrolment form: profile picture, masked Aadhaar front and back (required),
 * PAN card and the signature (optional; uploaded or drawn on the pad). Its code loads on the
 * visitor's first move or when the browser falls idle after the first paint (enrollment-form-screen.tsx),
 * so the first load stays small.
 */
import { lazy, Suspense, useState } from 'react';
import { FileField } from './file-field';
import type { UploadName } from '../../shared/form/enrollment-types';
import { MASKED_AADHAAR_NOTE, MaskedAadhaarExample } from './masked-aadhaar-example';

const SignaturePad = lazy(() => import('./signature-pad').then((m) => ({ default: m.SignaturePad })));

const UPLOADS = [
  {
    name: 'profilePicture',
    label: 'Profile picture',
    required: true,
    placeholder: { src: '/images/placeholder-profile.svg', alt: 'Example: a passport-style photo of your face' },
  },
  {
    name: 'aadharFront',
    label: 'Aadhaar card, front',
    required: true,
    placeholder: {
      src: '/images/placeholder-card-front.svg',
      alt: 'Example: the front of an Aadhaar card, with photo, name and number',
    },
  },
  {
    name: 'aadharBack',
    label: 'Aadhaar card, back',
    required: true,
    placeholder: {
      src: '/images/placeholder-card-back.svg',
      alt: 'Example: the back of an Aadhaar card, with the address',
    },
  },
  {
    name: 'pancard',
    label: 'PAN card',
    required: false,
    placeholder: { src: '/images/placeholder-pan-card.svg', alt: 'Example: a PAN card, with photo, name and number' },
  },
] as const;

const SIGNATURE = {
  label: 'Your signature',
  placeholder: { src: '/images/placeholder-signature.svg', alt: 'Example: a signature in dark ink on white paper' },
} as const;

export interface DocumentsSectionProps {
  files: Partial<Record<UploadName, File>>;
  error: (name: UploadName) => string | undefined;
  onFile: (name: UploadName, file: File | null) => void;
  onBlur: (name: UploadName) => void;
}

export function DocumentsSection({ files, error, onFile, onBlur }: DocumentsSectionProps) {
  const [drawing, setDrawing] = useState(false);
  return (
    <>
      {UPLOADS.map((upload) => (
        <FileField
          key={upload.name}
          name={upload.name}
          label={upload.label}
          required={upload.required}
          placeholder={upload.placeholder}
          file={files[upload.name] ?? null}
          error={error(upload.name)}
          onFile={(file) => onFile(upload.name, file)}
          onBlur={() => onBlur(upload.name)}
          {...(upload.name === 'aadharFront' ? { example: <MaskedAadhaarExample /> } : {})}
          {...(upload.name === 'aadharFront' || upload.name === 'aadharBack' ? { note: MASKED_AADHAAR_NOTE } : {})}
        />
      ))}
      <FileField
        name="candidateSign"
        label={SIGNATURE.label}
        placeholder={SIGNATURE.placeholder}
        file={files.candidateSign ?? null}
        error={error('candidateSign')}
        onFile={(file) => onFile('candidateSign', file)}
        onBlur={() => onBlur('candidateSign')}
      >
        {drawing ? (
          <Suspense fallback={<p className="enr-hint">Loading the signature pad…</p>}>
            <SignaturePad onSign={(file) => onFile('candidateSign', file)} onClose={() => setDrawing(false)} />
          </Suspense>
        ) : (
          <button type="button" className="enr-button enr-button--text" onClick={() => setDrawing(true)}>
            Draw my signature instead
          </button>
        )}
      </FileField>
    </>
  );
}
