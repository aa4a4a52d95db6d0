/**
 * "Download fee statement" in the language staff choose for its reader, the student's own by
 * default (a plain link: the login cookie authenticates the PDF).
 */
import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import type { Language } from '@registrar/contract/language';
import { feeStatementHref } from './api/fees-api';
import { DocumentLanguageField } from './document-language-field';

export function StatementDownload({ enrollmentId, language }: { enrollmentId: string; language: Language }) {
  const [chosen, setChosen] = useState<Language>(language);
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <DocumentLanguageField label="Statement language" value={chosen} onChange={setChosen} />
      <Button
        variant="outlined"
        startIcon={<PictureAsPdfOutlinedIcon />}
        href={feeStatementHref(enrollmentId, chosen)}
        download
      >
        Download fee statement
      </Button>
    </Stack>
  );
}
