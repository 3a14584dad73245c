import { Editor } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EditorGuard } from './editor-guard';
import { characterCount, EDITOR_MAX_CHARACTERS, EDITOR_MAX_LIST_DEPTH, maxListDepth, refusesChange } from './editor-limits';

let editor: Editor | null = null;

function makeEditor(content: string, limit = 20) {
  const onLimit = vi.fn();
  editor = new Editor({
    extensions: [StarterKit.configure({ link: false, underline: false }), EditorGuard.configure({ limit, maxDepth: EDITOR_MAX_LIST_DEPTH, onLimit })],
    content,
  });
  return { editor, onLimit };
}

function nestedList(depth: number): string {
  let html = '<p>leaf</p>';
  for (let i = 0; i < depth; i++) html = `<ul><li>${i === 0 ? html : `<p>level</p>${html}`}</li></ul>`;
  return html;
}

afterEach(() => {
  editor?.destroy();
  editor = null;
});

describe('editor limits', () => {
  it('uses the limits of the spec', () => {
    expect(EDITOR_MAX_CHARACTERS).toBe(100000);
    expect(EDITOR_MAX_LIST_DEPTH).toBe(7);
  });

  it('refuses typing beyond the limit and says so', () => {
    const { editor, onLimit } = makeEditor('<p>0123456789012345678</p>');
    editor.commands.setTextSelection(editor.state.doc.content.size - 1);
    editor.commands.insertContent('a');
    expect(characterCount(editor.state.doc)).toBe(20);
    editor.commands.insertContent('b');
    expect(characterCount(editor.state.doc)).toBe(20);
    expect(editor.getText()).not.toContain('b');
    expect(onLimit).toHaveBeenCalledTimes(1);
  });

  it('trims a paste that goes beyond the limit', () => {
    const { editor, onLimit } = makeEditor('<p>hello</p>');
    const { state, view } = editor;
    const tr = state.tr.insertText('x'.repeat(40), state.doc.content.size - 1).setMeta('paste', true).setMeta('uiEvent', 'paste');
    view.dispatch(tr);
    expect(characterCount(editor.state.doc)).toBe(20);
    expect(editor.getText().startsWith('hello')).toBe(true);
    expect(onLimit).toHaveBeenCalled();
  });

  it('trims a paste in the middle of the text and keeps what follows', () => {
    const { editor } = makeEditor('<p>hello world</p>');
    const tr = editor.state.tr.insertText('y'.repeat(30), 6).setMeta('paste', true);
    editor.view.dispatch(tr);
    const text = editor.getText();
    expect(text.length).toBe(20);
    expect(text.startsWith('hello')).toBe(true);
    expect(text.endsWith(' world')).toBe(true);
  });

  it('counts list depth', () => {
    const { editor } = makeEditor(nestedList(3), 1000);
    expect(maxListDepth(editor.state.doc)).toBe(3);
  });

  it('refuses indenting a list deeper than 7 levels', () => {
    const { editor } = makeEditor(`${nestedList(7).replace('<p>leaf</p>', '<p>leaf</p></li><li><p>sibling</p>')}`, 10000);
    expect(maxListDepth(editor.state.doc)).toBe(7);
    // Put the cursor in the deepest list's second item and try to indent it.
    const pos = editor.state.doc.textContent.indexOf('sibling');
    expect(pos).toBeGreaterThan(0);
    let target = 0;
    editor.state.doc.descendants((node, p) => {
      if (node.isText && node.text === 'sibling') target = p + 1;
    });
    editor.commands.setTextSelection(target);
    editor.commands.sinkListItem('listItem');
    expect(maxListDepth(editor.state.doc)).toBe(7);
  });

  it('lets indentation up to 7 levels through', () => {
    const { editor } = makeEditor(nestedList(6).replace('<p>leaf</p>', '<p>leaf</p></li><li><p>sibling</p>'), 10000);
    let target = 0;
    editor.state.doc.descendants((node, p) => {
      if (node.isText && node.text === 'sibling') target = p + 1;
    });
    editor.commands.setTextSelection(target);
    editor.commands.sinkListItem('listItem');
    expect(maxListDepth(editor.state.doc)).toBe(7);
  });

  it('decides refusals as a pure rule', () => {
    const opts = { limit: 10, maxDepth: 7, isPaste: false };
    expect(refusesChange({ size: 10, depth: 0 }, { size: 11, depth: 0 }, opts)).toBe('limit');
    expect(refusesChange({ size: 12, depth: 0 }, { size: 11, depth: 0 }, opts)).toBeNull();
    expect(refusesChange({ size: 5, depth: 0 }, { size: 15, depth: 0 }, { ...opts, isPaste: true })).toBeNull();
    expect(refusesChange({ size: 1, depth: 7 }, { size: 1, depth: 8 }, opts)).toBe('depth');
    expect(refusesChange({ size: 1, depth: 6 }, { size: 1, depth: 7 }, opts)).toBeNull();
  });
});
