import { Editor } from '@tiptap/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useToastStore } from '@/stores/toast-store';
import { EDITOR_PLACEHOLDER, editorExtensions, RichTextEditor } from './RichTextEditor';

describe('rich-text editor', () => {
  it("shows 'Maximum character limit reached' as a 1-second toast", () => {
    const editor = new Editor({ extensions: editorExtensions({ limit: 5 }), content: '<p>abcde</p>' });
    editor.commands.insertContent('f');
    expect(editor.getText()).toBe('abcde');
    expect(useToastStore.getState().toasts).toMatchObject([
      { kind: 'warning', message: 'Maximum character limit reached', duration: 1000 },
    ]);
    editor.destroy();
  });

  it("has the placeholder 'Write here...' and a labelled text box", () => {
    expect(EDITOR_PLACEHOLDER).toBe('Write here...');
    render(<RichTextEditor label="Script" initialContent="" onChange={() => {}} status="saved" />);
    const box = screen.getByRole('textbox', { name: 'Script' });
    expect(box.querySelector('[data-placeholder="Write here..."]')).not.toBeNull();
    expect(screen.getByText('Saved')).toBeInTheDocument();
  });
});
