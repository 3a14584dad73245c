import { Editor } from '@tiptap/core';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useToastStore } from '@/stores/toast-store';
import { maxListDepth } from '../lib/editor-limits';
import { editorExtensions, RichTextEditor } from './RichTextEditor';

let editor: Editor | null = null;

/** An editor as the app's (the limit lowered where the test says so), its cursor at the end. */
function open(content: string, limit?: number): Editor {
  editor = new Editor({ extensions: editorExtensions(limit === undefined ? {} : { limit }), content });
  editor.commands.focus('end');
  return editor;
}

const limitToasts = () =>
  useToastStore.getState().toasts.filter((t) => t.message === 'Maximum character limit reached' && t.kind === 'warning' && t.duration === 1000);

function nestedList(depth: number, withSibling = false): string {
  let html = withSibling ? '<p>leaf</p></li><li><p>sibling</p>' : '<p>leaf</p>';
  for (let i = 0; i < depth; i++) html = `<ul><li>${i === 0 ? html : `<p>level</p>${html}`}</li></ul>`;
  return html;
}

/** Puts the cursor in the text `text` and indents its list item. */
function indent(e: Editor, text: string) {
  let target = 0;
  e.state.doc.descendants((node, pos) => {
    if (node.isText && node.text === text) target = pos + 1;
  });
  e.commands.setTextSelection(target);
  e.commands.sinkListItem('listItem');
}

/** Pastes plain text as the browser does (jsdom has no ClipboardEvent: a plain 'paste' event stands in). */
const paste = (e: Editor, text: string) => e.view.pasteText(text, new Event('paste') as ClipboardEvent);

afterEach(() => {
  editor?.destroy();
  editor = null;
});

describe('rich-text editor: 100000 characters', () => {
  it("refuses typing beyond 100000 characters, with the 1-second 'Maximum character limit reached' toast", () => {
    const e = open(`<p>${'a'.repeat(99_999)}</p>`);
    e.commands.insertContent('b');
    expect(e.getText()).toHaveLength(100_000);
    expect(limitToasts()).toHaveLength(0);
    e.commands.insertContent('c');
    expect(e.getText()).toHaveLength(100_000);
    expect(e.getText().endsWith('ab')).toBe(true);
    expect(limitToasts()).toHaveLength(1);
  });

  it('trims a paste to the limit, keeping the text after it, and says so', () => {
    const e = open('<p>hello world</p>', 20);
    e.commands.setTextSelection(6);
    paste(e, 'y'.repeat(30));
    expect(e.getText()).toBe(`hello${'y'.repeat(9)} world`);
    expect(e.getText()).toHaveLength(20);
    expect(limitToasts()).toHaveLength(1);
  });

  it('takes a paste that fits whole, without a toast', () => {
    const e = open('<p>hello</p>', 20);
    paste(e, ' world');
    expect(e.getText()).toBe('hello world');
    expect(limitToasts()).toHaveLength(0);
  });

  it('leaves saved text beyond the limit as it is, lets it shrink and refuses it growing', () => {
    const e = open(`<p>${'x'.repeat(25)}</p>`, 20);
    e.commands.setTextSelection(3);
    expect(e.getText()).toBe('x'.repeat(25));
    e.commands.deleteRange({ from: 1, to: 3 });
    expect(e.getText()).toHaveLength(23);
    e.commands.insertContent('y');
    expect(e.getText()).toHaveLength(23);
    expect(limitToasts()).toHaveLength(1);
  });
});

describe('rich-text editor: lists nest at most 7 deep', () => {
  it('lets indentation reach 7 levels', () => {
    const e = open(nestedList(6, true));
    indent(e, 'sibling');
    expect(maxListDepth(e.state.doc)).toBe(7);
  });

  it('refuses indenting to an 8th level', () => {
    const e = open(nestedList(7, true));
    expect(maxListDepth(e.state.doc)).toBe(7);
    const before = e.getHTML();
    indent(e, 'sibling');
    expect(e.getHTML()).toBe(before);
    expect(limitToasts()).toHaveLength(0);
  });
});

describe('rich-text editor component', () => {
  it("has the placeholder 'Write here...' and a labelled text box", () => {
    render(<RichTextEditor label="Script" initialContent="" onChange={() => {}} status="saved" />);
    const box = screen.getByRole('textbox', { name: 'Script' });
    expect(box.querySelector('[data-placeholder="Write here..."]')).not.toBeNull();
    expect(screen.getByText('Saved')).toBeInTheDocument();
    expect(screen.getByText('0 / 100,000')).toBeInTheDocument();
  });
});
