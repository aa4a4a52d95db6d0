/**
 * The terms editor: Tiptap 3 with headings, lists, bold, italic, underline and links —
 * the marks and nodes the terms allow-list keeps (contract TERMS_ALLOWED_TAGS).
 *
 * The toolbar follows the WAI-ARIA toolbar pattern: one Tab stop, arrow keys, Home and End move
 * between buttons; each toggle says whether it is on (aria-pressed). Ctrl/⌘+K opens the link prompt
 * (Ctrl/⌘+S is the screen's: it bubbles up from here).
 */
import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Link from '@tiptap/extension-link';
import Underline from '@tiptap/extension-underline';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ToggleButton from '@mui/material/ToggleButton';
import type { SxProps, Theme } from '@mui/material/styles';
import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import FormatUnderlinedIcon from '@mui/icons-material/FormatUnderlined';
import LinkIcon from '@mui/icons-material/Link';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import RedoIcon from '@mui/icons-material/Redo';
import UndoIcon from '@mui/icons-material/Undo';
import { isAllowedLink } from './link-url';

/** Typography of rich text, shared by the editor and the preview so both look the same. */
export const richTextSx: SxProps<Theme> = {
  overflowWrap: 'anywhere',
  lineHeight: 1.6,
  '& > :first-of-type': { mt: 0 },
  '& h1': { fontSize: '1.75rem', fontWeight: 600, mt: 3, mb: 1 },
  '& h2': { fontSize: '1.375rem', fontWeight: 600, mt: 3, mb: 1 },
  '& h3': { fontSize: '1.125rem', fontWeight: 600, mt: 2.5, mb: 1 },
  '& h4': { fontSize: '1rem', fontWeight: 600, mt: 2, mb: 1 },
  '& p': { my: 1 },
  '& ul, & ol': { pl: 3, my: 1 },
  '& li > p': { my: 0.25 },
  '& a': { color: 'primary.main', textDecoration: 'underline' },
  '& blockquote': { borderLeft: 4, borderColor: 'divider', pl: 2, ml: 0, color: 'text.secondary' },
  '& code, & pre': { fontFamily: 'ui-monospace, monospace', bgcolor: 'action.hover', borderRadius: 0.5 },
  '& pre': { p: 1.5, overflowX: 'auto' },
};

export interface TermsEditorOptions {
  /** Called on every change with the editor (read `getHTML()` / `isEmpty` from it). */
  onChange: (editor: Editor) => void;
  /** Ctrl/⌘+K. */
  onRequestLink: () => void;
  labelledBy: string;
  describedBy?: string;
}

export function useTermsEditor({ onChange, onRequestLink, labelledBy, describedBy }: TermsEditorOptions) {
  // The editor is created once; this ref lets its handlers see the latest callbacks.
  const handlers = useRef({ onChange, onRequestLink });
  handlers.current = { onChange, onRequestLink };
  return useEditor({
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    extensions: [
      StarterKit.configure({ heading: { levels: [1, 2, 3, 4] }, link: false, underline: false }),
      Underline,
      Link.configure({
        openOnClick: false,
        autolink: true,
        linkOnPaste: true,
        defaultProtocol: 'https',
        HTMLAttributes: { rel: 'noopener noreferrer', target: '_blank' },
        isAllowedUri: (url, { defaultValidate }) => defaultValidate(url) && isAllowedLink(url),
      }),
    ],
    content: '',
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelledBy,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        spellcheck: 'true',
        class: 'terms-editor-content',
      },
      handleKeyDown: (_view, event) => {
        if (!(event.ctrlKey || event.metaKey) || event.altKey || event.key.toLowerCase() !== 'k') return false;
        event.preventDefault();
        handlers.current.onRequestLink();
        return true;
      },
    },
    onUpdate: ({ editor }) => handlers.current.onChange(editor),
  });
}

interface ToolState {
  h2: boolean;
  h3: boolean;
  bulletList: boolean;
  orderedList: boolean;
  bold: boolean;
  italic: boolean;
  underline: boolean;
  link: boolean;
  canUndo: boolean;
  canRedo: boolean;
}

interface Tool {
  key: string;
  label: string;
  shortcut?: string;
  icon: ReactNode;
  /** Undefined for plain actions (no aria-pressed). */
  pressed?: (s: ToolState) => boolean;
  disabled?: (s: ToolState) => boolean;
  run: (editor: Editor) => void;
  groupEnd?: boolean;
}

const mod = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl+';

function textIcon(text: string) {
  return (
    <Box component="span" aria-hidden="true" sx={{ fontWeight: 700, fontSize: '0.9rem', minWidth: 24 }}>
      {text}
    </Box>
  );
}

export function EditorToolbar({
  editor,
  controls,
  onLink,
  disabled = false,
}: {
  editor: Editor;
  controls: string;
  onLink: () => void;
  disabled?: boolean;
}) {
  const state = useEditorState<ToolState>({
    editor,
    selector: ({ editor: e }) => ({
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });

  const tools: Tool[] = [
    {
      key: 'h2',
      label: 'Heading 2',
      icon: textIcon('H2'),
      pressed: (s) => s.h2,
      run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
    },
    {
      key: 'h3',
      label: 'Heading 3',
      icon: textIcon('H3'),
      pressed: (s) => s.h3,
      run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(),
      groupEnd: true,
    },
    {
      key: 'bold',
      label: 'Bold',
      shortcut: 'B',
      icon: <FormatBoldIcon />,
      pressed: (s) => s.bold,
      run: (e) => e.chain().focus().toggleBold().run(),
    },
    {
      key: 'italic',
      label: 'Italic',
      shortcut: 'I',
      icon: <FormatItalicIcon />,
      pressed: (s) => s.italic,
      run: (e) => e.chain().focus().toggleItalic().run(),
    },
    {
      key: 'underline',
      label: 'Underline',
      shortcut: 'U',
      icon: <FormatUnderlinedIcon />,
      pressed: (s) => s.underline,
      run: (e) => e.chain().focus().toggleUnderline().run(),
      groupEnd: true,
    },
    {
      key: 'bulletList',
      label: 'Bulleted list',
      icon: <FormatListBulletedIcon />,
      pressed: (s) => s.bulletList,
      run: (e) => e.chain().focus().toggleBulletList().run(),
    },
    {
      key: 'orderedList',
      label: 'Numbered list',
      icon: <FormatListNumberedIcon />,
      pressed: (s) => s.orderedList,
      run: (e) => e.chain().focus().toggleOrderedList().run(),
      groupEnd: true,
    },
    { key: 'link', label: 'Link', shortcut: 'K', icon: <LinkIcon />, pressed: (s) => s.link, run: () => onLink() },
    {
      key: 'unlink',
      label: 'Remove link',
      icon: <LinkOffIcon />,
      disabled: (s) => !s.link,
      run: (e) => e.chain().focus().extendMarkRange('link').unsetLink().run(),
      groupEnd: true,
    },
    {
      key: 'undo',
      label: 'Undo',
      shortcut: 'Z',
      icon: <UndoIcon />,
      disabled: (s) => !s.canUndo,
      run: (e) => e.chain().focus().undo().run(),
    },
    {
      key: 'redo',
      label: 'Redo',
      shortcut: 'Shift+Z',
      icon: <RedoIcon />,
      disabled: (s) => !s.canRedo,
      run: (e) => e.chain().focus().redo().run(),
    },
  ];

  const enabled = tools.map((t) => !disabled && !(t.disabled?.(state) ?? false));
  const [active, setActive] = useState(0);
  // The Tab stop: the last button used, or the first one that can be used.
  const stop = enabled[active] ? active : Math.max(0, enabled.indexOf(true));
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const order = tools.map((_, i) => i).filter((i) => enabled[i]);
    const at = order.indexOf(stop);
    let next: number | undefined;
    if (event.key === 'ArrowRight') next = order[(at + 1) % order.length];
    else if (event.key === 'ArrowLeft') next = order[(at - 1 + order.length) % order.length];
    else if (event.key === 'Home') next = order[0];
    else if (event.key === 'End') next = order[order.length - 1];
    if (next === undefined) return;
    event.preventDefault();
    setActive(next);
    buttons.current[next]?.focus();
  };

  return (
    <Box
      role="toolbar"
      aria-label="Formatting"
      aria-controls={controls}
      onKeyDown={move}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 0.5,
        p: 0.75,
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: 'background.default',
      }}
    >
      {tools.map((tool, i) => {
        const title = tool.shortcut ? `${tool.label} (${mod}${tool.shortcut})` : tool.label;
        const common = {
          ref: (el: HTMLButtonElement | null) => {
            buttons.current[i] = el;
          },
          value: tool.key,
          size: 'small' as const,
          title,
          'aria-label': tool.label,
          tabIndex: i === stop ? 0 : -1,
          disabled: !enabled[i],
          onFocus: () => setActive(i),
          // Keep the editor's selection: the button acts on it without taking focus from the text first.
          onMouseDown: (event: React.MouseEvent) => event.preventDefault(),
          onClick: () => tool.run(editor),
          sx: { border: 0, minWidth: { xs: 36, sm: 40 }, height: { xs: 36, sm: 40 } },
        };
        return (
          <Box key={tool.key} sx={{ display: 'contents' }}>
            {tool.pressed ? (
              <ToggleButton {...common} selected={tool.pressed(state)}>
                {tool.icon}
              </ToggleButton>
            ) : (
              // A plain action (remove link, undo, redo) has nothing to be pressed: no aria-pressed.
              <IconButton {...common} sx={{ ...common.sx, borderRadius: 1 }}>
                {tool.icon}
              </IconButton>
            )}
            {tool.groupEnd && (
              <Divider
                flexItem
                orientation="vertical"
                sx={{ mx: 0.5, my: 0.5, display: { xs: 'none', sm: 'block' } }}
              />
            )}
          </Box>
        );
      })}
    </Box>
  );
}

export function TermsEditorContent({ editor, id }: { editor: Editor; id: string }) {
  return (
    <Box
      id={id}
      sx={{
        '& .terms-editor-content': {
          ...(richTextSx as object),
          minHeight: { xs: 260, md: 380 },
          maxHeight: '70vh',
          overflowY: 'auto',
          px: 2,
          py: 1.5,
          outline: 'none',
        },
        '&:focus-within': { boxShadow: (t) => `inset 0 0 0 2px ${t.palette.primary.main}` },
      }}
    >
      <EditorContent editor={editor} />
    </Box>
  );
}
