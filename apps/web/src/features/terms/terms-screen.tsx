/**
 * The Terms & Condition screen: write the terms shown under
 * the public enrolment form with a rich-text editor, preview them exactly as students will see
 * them (sanitized), save (each save is a new version on the server) and bring back an older
 * version. Leaving with unsaved changes asks first.
 */
import { useCallback, useEffect, useId, useState } from 'react';
import { useBlocker } from 'react-router';
import type { Editor } from '@tiptap/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SaveIcon from '@mui/icons-material/Save';
import { TERMS_MESSAGES, termsInputSchema, type TermsVersion } from '@registrar/contract/terms';
import type { ApiQueryError } from '../../shared/api/base-api';
import { ScreenHeader } from '../../shared/ui/screen-header';
import { RecordColumns } from '../../shared/ui/record-details/record-columns';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog';
import { SanitizedHtml, sanitizeTermsHtml } from '../../shared/ui/sanitized-html';
import { useGetTermsQuery, useSaveTermsMutation } from './api/terms-api';
import { LinkDialog } from './link-dialog';
import { EditorToolbar, TermsEditorContent, richTextSx, useTermsEditor } from './rich-text-editor';
import { VersionHistory, formatSavedAt } from './version-history';
import { RetryAlert } from '../../shared/ui/retry-alert';

const NAME_MAX = 200;

interface Snapshot {
  name: string;
  html: string;
}

/** What the editor holds, as it will be sent: '' when it is empty. */
const contentOf = (editor: Editor) => (editor.isEmpty ? '' : editor.getHTML());

/** Asks before leaving the screen (in-app navigation) or the page (reload, close) with unsaved work. */
function useLeaveGuard(dirty: boolean) {
  const blocker = useBlocker(
    useCallback(
      ({
        currentLocation,
        nextLocation,
      }: {
        currentLocation: { pathname: string };
        nextLocation: { pathname: string };
      }) => dirty && currentLocation.pathname !== nextLocation.pathname,
      [dirty],
    ),
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  return blocker;
}

export function TermsScreen() {
  const id = useId();
  const titleId = `${id}-title`;
  const editorLabelId = `${id}-editor-label`;
  const editorHelpId = `${id}-editor-help`;
  const editorErrorId = `${id}-editor-error`;
  const editorRegionId = `${id}-editor`;

  const { data: terms, isError, error, refetch } = useGetTermsQuery();
  const [saveTerms, { isLoading: saving }] = useSaveTermsMutation();

  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const [name, setName] = useState('');
  const [html, setHtml] = useState('');
  const [baseline, setBaseline] = useState<Snapshot | null>(null);
  const [loadedVersion, setLoadedVersion] = useState<number | null>(null);
  const [contentError, setContentError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [link, setLink] = useState<{ key: number; open: boolean; href: string }>({ key: 0, open: false, href: '' });
  const [restoreTarget, setRestoreTarget] = useState<TermsVersion | null>(null);

  const dirty = baseline !== null && (html !== baseline.html || name.trim() !== baseline.name.trim());

  const editor = useTermsEditor({
    onChange: (e) => {
      setHtml(contentOf(e));
      setContentError(null);
    },
    // Called on Ctrl/⌘+K, long after this render has declared it.
    onRequestLink: () => openLinkDialog(),
    labelledBy: editorLabelId,
    describedBy: editorHelpId,
  });

  /** Puts a text into the editor as the new starting point (nothing to save). */
  const load = useCallback(
    (next: { name: string; description: string }) => {
      editor.commands.setContent(sanitizeTermsHtml(next.description), { emitUpdate: false });
      const content = contentOf(editor);
      setHtml(content);
      setName(next.name);
      setBaseline({ name: next.name, html: content });
    },
    [editor],
  );

  // The first answer fills the editor; a newer version from the server does too, unless it holds edits.
  useEffect(() => {
    if (!terms || terms.version === loadedVersion) return;
    if (loadedVersion !== null && dirty) return;
    load(terms);
    setLoadedVersion(terms.version);
  }, [terms, loadedVersion, dirty, load]);

  const blocker = useLeaveGuard(dirty);

  const save = useCallback(async () => {
    if (saving || !baseline) return;
    const description = contentOf(editor);
    const parsed = termsInputSchema.safeParse({ name: name.trim() || undefined, description });
    if (!parsed.success) {
      setContentError(parsed.error.issues[0]?.message ?? TERMS_MESSAGES.descriptionRequired);
      editor.commands.focus();
      return;
    }
    setContentError(null);
    setNotice(null);
    try {
      const { data } = await saveTerms({ name: parsed.data.name, description: parsed.data.description }).unwrap();
      setLoadedVersion(data.version);
      // The server's sanitized text becomes the starting point, unless typing went on meanwhile.
      if (contentOf(editor) === description) load(data);
      else setBaseline({ name: data.name, html: description });
    } catch (err) {
      const failure = err as Partial<ApiQueryError>;
      const field = failure.fieldErrors?.find((f) => f.path === 'description');
      setContentError(field?.message ?? failure.message ?? 'The terms could not be saved.');
    }
  }, [saving, baseline, editor, name, saveTerms, load]);

  const restore = (version: TermsVersion) => {
    editor.commands.setContent(sanitizeTermsHtml(version.description), { emitUpdate: false });
    setHtml(contentOf(editor));
    setName(version.name);
    setRestoreTarget(null);
    setTab('write');
    setNotice(`Version ${version.version} is in the editor. Save to make it the current version.`);
  };
  const requestRestore = (version: TermsVersion) => {
    if (dirty) setRestoreTarget(version);
    else restore(version);
  };

  const applyLink = (href: string) => {
    const chain = editor.chain().focus().extendMarkRange('link');
    if (editor.state.selection.empty && !editor.isActive('link')) {
      chain
        .insertContent({
          type: 'text',
          text: href.replace(/^(mailto|tel):/, ''),
          marks: [{ type: 'link', attrs: { href } }],
        })
        .run();
    } else {
      chain.setLink({ href }).run();
    }
    setLink((l) => ({ ...l, open: false }));
  };
  const openLinkDialog = () => {
    const href = editor.isActive('link') ? String(editor.getAttributes('link').href ?? '') : '';
    setLink((l) => ({ key: l.key + 1, open: true, href }));
  };

  const ready = baseline !== null;
  const loadFailed = isError && !terms;

  return (
    <Box
      component="section"
      aria-labelledby={titleId}
      // The shell's <main> already pads the screen.
      sx={{ maxWidth: 1280, mx: 'auto', minWidth: 0 }}
      onKeyDown={(event) => {
        // Ctrl/⌘+S anywhere on the screen (the editor's keys bubble up to here).
        if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 's') {
          event.preventDefault();
          void save();
        }
      }}
    >
      <ScreenHeader
        titleId={titleId}
        title="Terms & Condition"
        description={
          <>
            Shown to every student under the enrolment form.
            {terms && terms.version > 0 && ` Version ${terms.version}, saved ${formatSavedAt(terms.updatedAt)}.`}
          </>
        }
        actions={
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            {dirty && (
              <Typography variant="body2" color="warning.dark" sx={{ fontWeight: 600 }}>
                Unsaved changes
              </Typography>
            )}
            <Button
              variant="contained"
              startIcon={<SaveIcon />}
              onClick={() => void save()}
              loading={saving}
              disabled={!ready || (!dirty && !saving)}
            >
              Save
            </Button>
          </Stack>
        }
      />

      {loadFailed && (
        <RetryAlert onRetry={refetch} sx={{ mb: 2 }}>
          {(error as Partial<ApiQueryError> | undefined)?.message || 'The terms could not be loaded.'}
        </RetryAlert>
      )}
      {notice && (
        <Alert severity="info" sx={{ mb: 2 }} onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      )}

      <RecordColumns wide="minmax(0, 1fr) 320px">
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <TextField
            label="Title"
            value={name}
            onChange={(event) => setName(event.target.value)}
            disabled={!ready}
            helperText="The heading shown above the terms. Leave it empty for “Terms & Conditions”."
            slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
            fullWidth
          />

          <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
            <Tabs
              value={tab}
              onChange={(_event, value: 'write' | 'preview') => setTab(value)}
              aria-label="Editor view"
              sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}
            >
              <Tab label="Write" value="write" id={`${id}-tab-write`} aria-controls={`${id}-panel-write`} />
              <Tab label="Preview" value="preview" id={`${id}-tab-preview`} aria-controls={`${id}-panel-preview`} />
            </Tabs>

            <div role="tabpanel" id={`${id}-panel-write`} aria-labelledby={`${id}-tab-write`} hidden={tab !== 'write'}>
              <span id={editorLabelId} className="visually-hidden">
                Terms content
              </span>
              <span id={editorHelpId} className="visually-hidden">
                Use the formatting toolbar above, or Ctrl+B, Ctrl+I, Ctrl+U and Ctrl+K for a link.
              </span>
              <EditorToolbar editor={editor} controls={editorRegionId} onLink={openLinkDialog} disabled={!ready} />
              {!ready && !loadFailed ? (
                <Box role="status" aria-label="Loading the terms" sx={{ p: 2 }}>
                  <Skeleton variant="text" width="40%" height={36} />
                  <Skeleton variant="text" />
                  <Skeleton variant="text" />
                  <Skeleton variant="text" width="70%" />
                </Box>
              ) : null}
              <Box sx={{ display: ready ? 'block' : 'none' }}>
                <TermsEditorContent editor={editor} id={editorRegionId} />
              </Box>
            </div>

            <div
              role="tabpanel"
              id={`${id}-panel-preview`}
              aria-labelledby={`${id}-tab-preview`}
              hidden={tab !== 'preview'}
            >
              {tab === 'preview' && (
                <Box sx={{ p: { xs: 2, sm: 3 }, minHeight: { xs: 260, md: 380 } }}>
                  <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                    As students will see it under the enrolment form.
                  </Typography>
                  <Typography component="p" variant="h6" sx={{ mb: 1 }}>
                    {name.trim() || 'Terms & Conditions'}
                  </Typography>
                  {html ? (
                    <Box sx={richTextSx}>
                      <SanitizedHtml html={html} />
                    </Box>
                  ) : (
                    <Typography color="text.secondary">Nothing written yet.</Typography>
                  )}
                </Box>
              )}
            </div>
          </Paper>
          {contentError && (
            <Alert severity="error" id={editorErrorId}>
              {contentError}
            </Alert>
          )}
        </Stack>

        <VersionHistory currentVersion={terms?.version} onRestore={requestRestore} />
      </RecordColumns>

      <LinkDialog
        key={link.key}
        open={link.open}
        initialHref={link.href}
        onApply={applyLink}
        onRemove={() => {
          editor.chain().focus().extendMarkRange('link').unsetLink().run();
          setLink((l) => ({ ...l, open: false }));
        }}
        onClose={() => {
          setLink((l) => ({ ...l, open: false }));
          editor.commands.focus();
        }}
      />

      <ConfirmDialog
        open={Boolean(restoreTarget)}
        title={`Replace your unsaved changes with version ${restoreTarget?.version ?? ''}?`}
        description="What you have written since the last save will be lost."
        confirmLabel="Replace"
        destructive
        onConfirm={() => restoreTarget && restore(restoreTarget)}
        onClose={() => setRestoreTarget(null)}
      />

      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title="Leave without saving?"
        description="Your changes to the terms have not been saved."
        confirmLabel="Leave"
        cancelLabel="Stay"
        destructive
        onConfirm={() => blocker.proceed?.()}
        onClose={() => blocker.reset?.()}
      />
    </Box>
  );
}
