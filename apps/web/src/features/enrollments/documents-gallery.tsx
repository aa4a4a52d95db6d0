/**
 * An enrolment's documents: images as thumbnails that open zoomable in a
 * dialog, PDFs opened in a new tab through their URL, and SVG only ever as a download link, never
 * shown inline; Aadhaar images hidden until Reveal is pressed. Every file comes from
 * `GET /api/files/{id}`, which the login cookie authenticates (so `<img>` works) and which records
 * each view in the enrolment's history and the audit trail.
 */
import { useEffect, useId, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import PdfIcon from '@mui/icons-material/PictureAsPdfOutlined';
import ImageIcon from '@mui/icons-material/ImageOutlined';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import { ENROLLMENT_FILE_FIELDS, type EnrollmentFileField } from '@registrar/contract/enrollment';
import type { EnrollmentDocument } from '@registrar/contract/enrollment-admin';
import { formatBytes } from '../../shared/lib/file-rules';
import { DOCUMENT_LABELS } from '../../shared/lib/enrollment-labels';

type Doc = Pick<EnrollmentDocument, '_id' | 'url' | 'mime' | 'size' | 'originalName'> & { field: string };

const FIELD_ORDER = Object.keys(ENROLLMENT_FILE_FIELDS);
const INLINE_IMAGES = new Set(['image/jpeg', 'image/png', 'image/gif']);

export const documentLabel = (field: string) => DOCUMENT_LABELS[field as EnrollmentFileField] ?? field;
export const isInlineImage = (doc: Pick<Doc, 'mime'>) => INLINE_IMAGES.has(doc.mime);
/**
 * Aadhaar images stay hidden (not even fetched) until a staff member presses Reveal: the number is
 * the most sensitive thing held, and fetching the image is what the server logs as a view.
 */
export const REVEAL_FIELDS: ReadonlySet<string> = new Set(['aadharFront', 'aadharBack']);

const ZOOMS = [1, 1.5, 2, 3] as const;

function ZoomDialog({ doc, onClose }: { doc: Doc; onClose: () => void }) {
  const id = useId();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [zoom, setZoom] = useState(0);
  const scale = ZOOMS[zoom]!;
  const label = documentLabel(doc.field);
  return (
    <Dialog open onClose={onClose} fullScreen={phone} maxWidth="lg" fullWidth aria-labelledby={`${id}-title`}>
      <DialogTitle id={`${id}-title`}>{label}</DialogTitle>
      <DialogContent dividers sx={{ p: 0, bgcolor: 'grey.100', overflow: 'auto', minHeight: 240 }}>
        <Box sx={{ width: `${scale * 100}%`, minWidth: '100%', display: 'grid', placeItems: 'center', p: 2 }}>
          <img
            src={doc.url}
            alt={`${label} (${doc.originalName}), ${Math.round(scale * 100)}%`}
            style={{ width: '100%', height: 'auto', display: 'block' }}
          />
        </Box>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1, px: 2 }}>
        <Typography variant="body2" color="text.secondary" sx={{ mr: 'auto' }} aria-live="polite">
          {Math.round(scale * 100)}%
        </Typography>
        <Button startIcon={<ZoomOutIcon />} onClick={() => setZoom((z) => Math.max(0, z - 1))} disabled={zoom === 0}>
          Zoom out
        </Button>
        <Button
          startIcon={<ZoomInIcon />}
          onClick={() => setZoom((z) => Math.min(ZOOMS.length - 1, z + 1))}
          disabled={zoom === ZOOMS.length - 1}
        >
          Zoom in
        </Button>
        <Button href={doc.url} target="_blank" rel="noopener noreferrer">
          Open in a new tab
        </Button>
        <Button variant="contained" onClick={onClose} autoFocus>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** What stands in for a hidden image: a blurred card shape, nothing of the document itself. */
function HiddenImage({ label }: { label: string }) {
  return (
    <Box
      role="img"
      aria-label={`${label}, hidden until revealed`}
      sx={{
        width: '72%',
        aspectRatio: '16 / 10',
        borderRadius: 1.5,
        filter: 'blur(6px)',
        background:
          'linear-gradient(180deg, #f4a340 0 14%, #fff 14% 20%, #3f9d4b 20% 26%, #fff 26%), repeating-linear-gradient(90deg, #a7a1c2 0 10px, #e6e3f1 10px 20px)',
        backgroundBlendMode: 'multiply',
      }}
    />
  );
}

function DocumentCard({ doc, onZoom, revealOpens }: { doc: Doc; onZoom: () => void; revealOpens: boolean }) {
  const label = documentLabel(doc.field);
  const [revealed, setRevealed] = useState(false);
  const viewButton = useRef<HTMLButtonElement>(null);
  // The Reveal button goes away when pressed: keep the keyboard where it was, on this document.
  useEffect(() => {
    if (revealed) viewButton.current?.focus();
  }, [revealed]);
  const frame = {
    width: '100%',
    aspectRatio: '4 / 3',
    display: 'grid',
    placeItems: 'center',
    bgcolor: 'grey.100',
    borderRadius: 1,
    overflow: 'hidden',
  } as const;
  let preview;
  let action;
  if (isInlineImage(doc) && REVEAL_FIELDS.has(doc.field) && !revealed) {
    preview = (
      <Box sx={frame}>
        <HiddenImage label={label} />
      </Box>
    );
    action = (
      <Button
        size="small"
        startIcon={<VisibilityIcon />}
        onClick={() => {
          setRevealed(true);
          if (revealOpens) onZoom();
        }}
      >
        {revealOpens ? 'View' : 'Reveal'}
        <span className="visually-hidden"> {label}</span>
      </Button>
    );
  } else if (isInlineImage(doc)) {
    preview = (
      <ButtonBase onClick={onZoom} sx={frame} aria-label={`Zoom ${label}`}>
        <img src={doc.url} alt="" loading="lazy" style={{ width: '100%', height: '100%', objectFit: 'contain' }} />
      </ButtonBase>
    );
    action = (
      <Button ref={viewButton} size="small" startIcon={<ZoomInIcon />} onClick={onZoom}>
        View<span className="visually-hidden"> {label}</span>
      </Button>
    );
  } else if (doc.mime === 'application/pdf') {
    preview = (
      <Box sx={frame}>
        <PdfIcon sx={{ fontSize: 56, color: 'error.dark' }} aria-hidden />
      </Box>
    );
    action = (
      <Button size="small" href={doc.url} target="_blank" rel="noopener noreferrer">
        Open PDF<span className="visually-hidden"> {label} (opens in a new tab)</span>
      </Button>
    );
  } else {
    // SVG (or anything else): a download, never rendered in the page.
    preview = (
      <Box sx={frame}>
        <ImageIcon sx={{ fontSize: 56, color: 'text.secondary' }} aria-hidden />
      </Box>
    );
    action = (
      <Button size="small" startIcon={<DownloadIcon />} href={doc.url} download>
        Download<span className="visually-hidden"> {label}</span>
      </Button>
    );
  }
  return (
    <Box component="li" sx={{ minWidth: 0, listStyle: 'none' }}>
      <Stack spacing={1}>
        {preview}
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600 }}>{label}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {doc.originalName} · {formatBytes(doc.size)}
            {doc.mime === 'image/svg+xml' ? ' · SVG, download only' : ''}
          </Typography>
        </Box>
        <Box>{action}</Box>
      </Stack>
    </Box>
  );
}

/** `revealOpens`: a hidden Aadhaar side opens full size in one click (the review queue checks each one). */
export function DocumentsGallery({
  documents,
  revealOpens = false,
}: {
  documents: readonly Doc[];
  revealOpens?: boolean;
}) {
  const [zoomed, setZoomed] = useState<Doc | null>(null);
  if (documents.length === 0) return <Typography color="text.secondary">No documents.</Typography>;
  const sorted = [...documents].sort((a, b) => FIELD_ORDER.indexOf(a.field) - FIELD_ORDER.indexOf(b.field));
  return (
    <>
      <Box
        component="ul"
        sx={{
          m: 0,
          p: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: 'repeat(auto-fill, minmax(130px, 1fr))',
        }}
      >
        {sorted.map((doc) => (
          <DocumentCard key={doc._id} doc={doc} onZoom={() => setZoomed(doc)} revealOpens={revealOpens} />
        ))}
      </Box>
      {zoomed && <ZoomDialog doc={zoomed} onClose={() => setZoomed(null)} />}
    </>
  );
}

/** "Document viewed: Aadhaar card, front" (or a document since replaced). */
export function viewedDocumentLabel(documents: readonly Doc[], documentId: string | null): string {
  const doc = documents.find((d) => d._id === documentId);
  return doc ? documentLabel(doc.field) : 'a document since replaced';
}
