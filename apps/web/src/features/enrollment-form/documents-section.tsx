/**
 * The documents part of the enrolment form: profile picture, masked Aadhaar front and back (required),
 * PAN card and the signature (optional; uploaded or drawn on the pad). Its code loads on the
 * visitor's first move or when the browser falls idle after the first paint (enrollment-form-screen.tsx),
 * so the first load stays small.
 */
import { lazy, Suspense, useState, type Ref } from 'react';
import { useT } from '../../shared/i18n/translate';
import { FileField } from './file-field';
import type { UploadName } from '../../shared/form/enrollment-types';
import { MaskedAadhaarExample } from './masked-aadhaar-example';

const SignaturePad = lazy(() => import('./signature-pad').then((m) => ({ default: m.SignaturePad })));

const UPLOADS = [
  {
    name: 'profilePicture',
    required: true,
    src: '/images/placeholder-profile.svg',
  },
  {
    name: 'aadharFront',
    required: true,
    src: '/images/placeholder-card-front.svg',
  },
  {
    name: 'aadharBack',
    required: true,
    src: '/images/placeholder-card-back.svg',
  },
  {
    name: 'pancard',
    required: false,
    src: '/images/placeholder-pan-card.svg',
  },
] as const;

const SIGNATURE_PLACEHOLDER = '/images/placeholder-signature.svg';

export interface DocumentsSectionProps {
  files: Partial<Record<UploadName, File>>;
  error: (name: UploadName) => string | undefined;
  onFile: (name: UploadName, file: File | null) => void;
  onBlur: (name: UploadName) => void;
  /** The file input of each upload, to take the focus when the upload is in error. */
  inputRef: (name: UploadName) => Ref<HTMLInputElement>;
}

export function DocumentsSection({ files, error, onFile, onBlur, inputRef }: DocumentsSectionProps) {
  const t = useT();
  const [drawing, setDrawing] = useState(false);
  return (
    <>
      {UPLOADS.map((upload) => (
        <FileField
          key={upload.name}
          name={upload.name}
          label={t(`enrol.doc.${upload.name}`)}
          required={upload.required}
          placeholder={{ src: upload.src, alt: t(`enrol.doc.${upload.name}.example`) }}
          file={files[upload.name] ?? null}
          error={error(upload.name)}
          onFile={(file) => onFile(upload.name, file)}
          onBlur={() => onBlur(upload.name)}
          inputRef={inputRef(upload.name)}
          {...(upload.name === 'aadharFront' ? { example: <MaskedAadhaarExample /> } : {})}
          {...(upload.name === 'aadharFront' || upload.name === 'aadharBack'
            ? { note: t('enrol.doc.maskedNote') }
            : {})}
        />
      ))}
      <FileField
        name="candidateSign"
        label={t('enrol.doc.signature')}
        placeholder={{ src: SIGNATURE_PLACEHOLDER, alt: t('enrol.doc.signature.example') }}
        file={files.candidateSign ?? null}
        error={error('candidateSign')}
        onFile={(file) => onFile('candidateSign', file)}
        onBlur={() => onBlur('candidateSign')}
        inputRef={inputRef('candidateSign')}
      >
        {drawing ? (
          <Suspense fallback={<p className="enr-hint">{t('enrol.doc.loadingPad')}</p>}>
            <SignaturePad onSign={(file) => onFile('candidateSign', file)} onClose={() => setDrawing(false)} />
          </Suspense>
        ) : (
          <button type="button" className="enr-button enr-button--text" onClick={() => setDrawing(true)}>
            {t('enrol.doc.draw')}
          </button>
        )}
      </FileField>
    </>
  );
}
