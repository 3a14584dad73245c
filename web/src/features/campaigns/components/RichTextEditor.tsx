import { CharacterCount, Placeholder } from '@tiptap/extensions';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useId } from 'react';
import { toast } from '@/stores/toast-store';
import { cn } from '@/utils/cn';
import { EditorGuard } from '../lib/editor-guard';
import { EDITOR_LIMIT_MESSAGE, EDITOR_MAX_CHARACTERS, EDITOR_MAX_LIST_DEPTH } from '../lib/editor-limits';
import type { SaveStatus } from '../lib/use-debounced-save';

export const EDITOR_PLACEHOLDER = 'Write here...';

/** The extensions of every rich-text editor of the app (also used by the read-only preview). */
export function editorExtensions(options: { placeholder?: string; limit?: number; onLimit?: () => void } = {}) {
  return [
    StarterKit.configure({ link: false, underline: false }),
    Placeholder.configure({ placeholder: options.placeholder ?? EDITOR_PLACEHOLDER }),
    // Typing beyond the limit is refused, a paste beyond it trimmed. Saved text already beyond it is
    // left alone until edited (autoTrim would cut its beginning off, and the editor would save that).
    CharacterCount.configure({ limit: options.limit ?? EDITOR_MAX_CHARACTERS, autoTrim: false }),
    // List depth, and the toast when the limit is reached.
    EditorGuard.configure({
      maxDepth: EDITOR_MAX_LIST_DEPTH,
      onLimit: options.onLimit ?? (() => toast.characterLimit(EDITOR_LIMIT_MESSAGE)),
    }),
  ];
}

/** The editor's HTML, or '' when it holds no text. */
export function htmlOf(editor: Editor): string {
  return editor.isEmpty ? '' : editor.getHTML();
}

type ToolProps = { label: string; active?: boolean; disabled?: boolean; onClick: () => void; children: React.ReactNode };

function Tool({ label, active, disabled, onClick, children }: ToolProps) {
  return (
    <button
      type="button"
      title={label}
      aria-pressed={active}
      disabled={disabled}
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
      className={cn(
        'inline-flex h-8 min-w-8 items-center justify-center rounded-md px-2 text-sm hover:bg-sunken disabled:opacity-40',
        active && 'bg-sunken font-semibold',
      )}
    >
      {/* The glyph pictures the action; the words are the name (label in name, WCAG 2.5.3). */}
      <span aria-hidden>{children}</span>
      <span className="sr-only">{label}</span>
    </button>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      canSink: e.can().sinkListItem('listItem'),
      canLift: e.can().liftListItem('listItem'),
      characters: e.storage.characterCount.characters(),
    }),
  });
  const chain = () => editor.chain().focus();
  return (
    <div className="flex flex-wrap items-center gap-1 border-b border-line px-2 py-1">
      <Tool label="Bold" active={state.bold} onClick={() => chain().toggleBold().run()}>
        <strong>B</strong>
      </Tool>
      <Tool label="Italic" active={state.italic} onClick={() => chain().toggleItalic().run()}>
        <em>I</em>
      </Tool>
      <Tool label="Bullet list" active={state.bullet} onClick={() => chain().toggleBulletList().run()}>
        •≡
      </Tool>
      <Tool label="Numbered list" active={state.ordered} onClick={() => chain().toggleOrderedList().run()}>
        1≡
      </Tool>
      <Tool label="Indent" disabled={!state.canSink} onClick={() => chain().sinkListItem('listItem').run()}>
        →
      </Tool>
      <Tool label="Outdent" disabled={!state.canLift} onClick={() => chain().liftListItem('listItem').run()}>
        ←
      </Tool>
      <span className="ml-auto text-xs text-muted" aria-live="off">
        {state.characters.toLocaleString('en-GB')} / {EDITOR_MAX_CHARACTERS.toLocaleString('en-GB')}
      </span>
    </div>
  );
}

export function SaveIndicator({ status }: { status: SaveStatus }) {
  const text =
    status === 'pending' || status === 'saving' ? 'Saving…' : status === 'saved' ? 'Saved' : status === 'error' ? 'Not saved' : '';
  return (
    <span role="status" aria-live="polite" className={cn('text-xs', status === 'error' ? 'text-danger' : 'text-muted')}>
      {text}
    </span>
  );
}

type Props = {
  label: string;
  initialContent: string;
  onChange: (html: string) => void;
  status?: SaveStatus;
  description?: string;
  /** Controls shown beside the label that act on the editor (e.g. the AI button). */
  actions?: (editor: Editor) => React.ReactNode;
};

/** A TipTap rich-text editor with the app's limits; `initialContent` is read once (remount to reload). */
export function RichTextEditor({ label, initialContent, onChange, status, description, actions }: Props) {
  const labelId = useId();
  const editor = useEditor({
    extensions: editorExtensions(),
    content: initialContent || '',
    // Made in the first effect, not during the first render: TipTap destroys an editor made in
    // render whose component has not run its effects 1 ms later, and Preact (the build's React)
    // runs them after the next frame; the toolbar would then read the destroyed editor.
    immediatelyRender: false,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        class: 'sh-prose min-h-40 px-4 py-3 text-sm focus:outline-none',
      },
    },
    onUpdate: ({ editor: e, transaction }) => {
      if (transaction.docChanged) onChange(htmlOf(e));
    },
  });

  return (
    <div role="group" aria-labelledby={labelId} className="space-y-1.5">
      <div className="flex items-center justify-between gap-2">
        <span id={labelId} className="text-sm font-medium">
          {label}
        </span>
        <span className="flex items-center gap-2">
          {status && <SaveIndicator status={status} />}
          {editor && actions?.(editor)}
        </span>
      </div>
      {description && <p className="text-xs text-muted">{description}</p>}
      <div className="rounded-lg border border-line bg-raised focus-within:outline-2 focus-within:outline-ring">
        {editor && <Toolbar editor={editor} />}
        <EditorContent editor={editor} />
      </div>
    </div>
  );
}
