import { Extension } from '@tiptap/core';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import {
  characterCount,
  EDITOR_MAX_CHARACTERS,
  EDITOR_MAX_LIST_DEPTH,
  maxListDepth,
  refusesChange,
} from './editor-limits';

export type EditorGuardOptions = {
  limit: number;
  maxDepth: number;
  /** Called when typing or pasting went beyond the limit (the app shows the 1-second toast). */
  onLimit: () => void;
};

const TRIM_META = 'storyhiveTrim';

/**
 * Keeps the document within the character limit (typing beyond it is refused, a paste beyond it
 * is trimmed) and list nesting within the depth limit (deeper indentation is refused).
 */
export const EditorGuard = Extension.create<EditorGuardOptions>({
  name: 'editorGuard',

  addOptions() {
    return { limit: EDITOR_MAX_CHARACTERS, maxDepth: EDITOR_MAX_LIST_DEPTH, onLimit: () => {} };
  },

  addProseMirrorPlugins() {
    const { limit, maxDepth } = this.options;
    const notify = () => this.options.onLimit();
    return [
      new Plugin({
        key: new PluginKey('editorGuard'),
        filterTransaction: (tr, state) => {
          if (!tr.docChanged || tr.getMeta(TRIM_META)) return true;
          const isPaste = tr.getMeta('paste') === true || tr.getMeta('uiEvent') === 'paste' || tr.getMeta('uiEvent') === 'drop';
          const refused = refusesChange(
            { size: characterCount(state.doc), depth: maxListDepth(state.doc) },
            { size: characterCount(tr.doc), depth: maxListDepth(tr.doc) },
            { limit, maxDepth, isPaste },
          );
          if (refused === 'limit') notify();
          return refused === null;
        },
        appendTransaction: (transactions, oldState, state) => {
          if (!transactions.some((t) => t.docChanged)) return null;
          let size = characterCount(state.doc);
          if (size <= limit) return null;
          const tr = state.tr.setMeta(TRIM_META, true);
          // Trim the end of what was just inserted (the pasted text), as many characters as are too many.
          const start = oldState.doc.content.findDiffStart(state.doc.content) ?? 0;
          const diffEnd = oldState.doc.content.findDiffEnd(state.doc.content);
          let end = Math.max(start, diffEnd ? diffEnd.b : state.doc.content.size);
          for (let attempt = 0; attempt < 20 && size > limit; attempt++) {
            const from = Math.max(start, end - (size - limit));
            if (from >= end) {
              // Nothing inserted is left to cut: cut the end of the document instead.
              const docEnd = tr.doc.content.size - 1;
              tr.delete(Math.max(1, docEnd - (size - limit)), docEnd);
            } else {
              tr.delete(from, end);
              end = from;
            }
            size = characterCount(tr.doc);
          }
          notify();
          return tr;
        },
      }),
    ];
  },
});
