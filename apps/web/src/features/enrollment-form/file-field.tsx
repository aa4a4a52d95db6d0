/**
 * One upload of the enrolment form: a picture of what is expected until a file is
 * chosen, then a preview (images through an object URL, PDFs as an icon and the file name). A
 * file of the wrong type or over the size limit is refused before anything is sent, with a clear
 * message; the file chosen before it, and everything else in the form, stays.
 */
import { useCallback, useEffect, useId, useRef, useState, type ReactNode, type Ref } from 'react';
import { ENROLLMENT_MESSAGES } from '@registrar/contract/answer-messages';
import { T, useMessage, useT } from '../../shared/i18n/translate';
import { ErrorLine, RequiredMark } from '../../shared/form/form-kit';
import {
  UPLOAD_ACCEPT,
  UPLOAD_MAX_BYTES,
  formatBytes,
  formatLimit,
  isPdf,
  uploadProblem,
  type UploadProblem,
} from '../../shared/lib/file-rules';

export interface FileFieldProps {
  name: string;
  label: string;
  required?: boolean;
  /** The drawn example shown until a file is chosen (public/images/placeholder-*.svg). */
  placeholder: { src: string; alt: string };
  /** A drawing shown instead of `placeholder` (an inline SVG that must say more than a picture file). */
  example?: ReactNode;
  /** What to upload, said before the accepted types. */
  note?: string;
  file: File | null;
  /** The form's error for this field (missing, or the server's). */
  error?: string | undefined;
  onFile: (file: File | null) => void;
  onBlur: () => void;
  /** Given the file input, to move the focus there when the upload is in error. */
  inputRef?: Ref<HTMLInputElement>;
  /** More ways to provide the file (the signature pad), under the buttons. */
  children?: ReactNode;
  maxBytes?: number;
}

const supportsObjectUrls = () => typeof URL !== 'undefined' && typeof URL.createObjectURL === 'function';

/** An object URL for an image file, revoked when the file changes or the field goes away. */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || isPdf(file) || !supportsObjectUrls()) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

function PdfIcon() {
  return (
    <svg viewBox="0 0 48 56" width="48" height="56" aria-hidden="true" focusable="false">
      <path
        d="M4 2h28l12 12v38a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2Z"
        fill="#fff"
        stroke="#55536a"
        strokeWidth="2"
      />
      <path d="M32 2v12h12" fill="none" stroke="#55536a" strokeWidth="2" />
      <rect x="6" y="30" width="30" height="14" rx="2" fill="#b00020" />
      <text x="21" y="41" fill="#fff" fontSize="10" fontFamily="sans-serif" fontWeight="700" textAnchor="middle">
        PDF
      </text>
    </svg>
  );
}

export function FileField({
  name,
  label,
  required = false,
  placeholder,
  file,
  error,
  onFile,
  onBlur,
  children,
  example,
  note,
  maxBytes = UPLOAD_MAX_BYTES,
  inputRef,
}: FileFieldProps) {
  const t = useT();
  const message = useMessage();
  const id = useId();
  const titleId = `${id}-title`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const statusId = `${id}-status`;
  const input = useRef<HTMLInputElement>(null);
  const setInput = useCallback(
    (element: HTMLInputElement | null) => {
      input.current = element;
      if (typeof inputRef === 'function') inputRef(element);
      else if (inputRef) inputRef.current = element;
    },
    [inputRef],
  );
  const [problem, setProblem] = useState<UploadProblem | null>(null);
  const url = useObjectUrl(file);
  // The contract's sentence, in the language on screen; a size problem adds the file's size and the limit.
  // ErrorLine translates the form's English errors and leaves this, already translated, as it is.
  const problemText =
    problem &&
    (problem.kind === 'type'
      ? message(ENROLLMENT_MESSAGES.fileTypeNotAllowed)
      : t('enrol.file.tooLarge', { reason: message(ENROLLMENT_MESSAGES.fileTooLarge), ...problem }));
  const shownError = problemText ?? error;

  const choose = (chosen: File | undefined) => {
    if (!chosen) return; // the picker was cancelled: keep what was there
    const reason = uploadProblem(chosen, maxBytes);
    if (reason) {
      setProblem(reason);
      if (input.current) input.current.value = ''; // refused: the previous file stays
      return;
    }
    setProblem(null);
    onFile(chosen);
  };

  const remove = () => {
    setProblem(null);
    if (input.current) input.current.value = '';
    onFile(null);
    input.current?.focus();
  };

  return (
    <div className="enr-upload" data-field={name}>
      <p id={titleId} className="enr-upload-title">
        {label}
        {required && <RequiredMark />}
      </p>
      <div className="enr-upload-body">
        <div className="enr-upload-preview">
          {!file && (example ?? <img src={placeholder.src} alt={placeholder.alt} width="160" height="104" />)}
          {file && url && <img src={url} alt={t('enrol.file.preview', { name: file.name })} width="160" height="104" />}
          {file && !url && (
            <span className="enr-upload-doc">
              <PdfIcon />
            </span>
          )}
        </div>
        <div className="enr-upload-side">
          <p id={statusId} className="enr-upload-status">
            {file ? (
              <>
                <span className="enr-upload-name">{file.name}</span> ({formatBytes(file.size)})
              </>
            ) : (
              t('enrol.file.none')
            )}
          </p>
          <div className="enr-upload-actions">
            <input
              ref={setInput}
              id={id}
              name={name}
              type="file"
              accept={UPLOAD_ACCEPT}
              className="enr-file-input"
              aria-labelledby={titleId}
              aria-describedby={[statusId, hintId, shownError ? errorId : ''].filter(Boolean).join(' ')}
              aria-invalid={shownError ? true : undefined}
              aria-required={required ? true : undefined}
              onChange={(event) => choose(event.target.files?.[0])}
              onBlur={onBlur}
            />
            <label htmlFor={id} className="enr-button enr-button--secondary" aria-hidden="true">
              {file ? t('enrol.file.change') : t('enrol.file.choose')}
            </label>
            {file && (
              <button type="button" className="enr-button enr-button--text" onClick={remove}>
                <T
                  id="enrol.file.remove"
                  values={{ label: label.toLowerCase() }}
                  components={{ 0: <span className="visually-hidden" /> }}
                />
              </button>
            )}
          </div>
          <p id={hintId} className="enr-hint">
            {note && <>{note} </>}
            {t('enrol.file.kinds', { limit: formatLimit(maxBytes) })}
          </p>
          <ErrorLine id={errorId} error={shownError} role={problem ? 'alert' : undefined} />
          {children}
        </div>
      </div>
    </div>
  );
}
