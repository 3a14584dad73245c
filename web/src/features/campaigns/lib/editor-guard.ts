import { Extension } from '@tiptap/core';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { EDITOR_MAX_LIST_DEPTH, maxListDepth } from './editor-limits';

export type EditorGuardOptions = {
  maxDepth: number;
  /** Called when typing or pasting goes beyond the character limit (the app shows the 1-second toast). */
  onLimit: () => void;
};

/**
 * What TipTap does not do for us: refuse indenting lists deeper than `maxDepth`, and say when a
 * change goes beyond the limit of TipTap's CharacterCount (which refuses the typing and trims the
 * paste). It runs before CharacterCount (a higher priority) so that it sees the change at its full size.
 */
export const EditorGuard = Extension.create<EditorGuardOptions>({
  name: 'editorGuard',
  priority: 101,

  addOptions() {
    return { maxDepth: EDITOR_MAX_LIST_DEPTH, onLimit: () => {} };
  },

  addProseMirrorPlugins() {
    const { editor } = this;
    const { maxDepth } = this.options;
    const notify = () => this.options.onLimit();
    const characterCount = editor.extensionManager.extensions.find((extension) => extension.name === 'characterCount');
    const limit = (characterCount?.options as { limit?: number | null } | undefined)?.limit;
    return [
      new Plugin({
        key: new PluginKey('editorGuard'),
        filterTransaction: (tr, state) => {
          if (!tr.docChanged) return true;
          const depth = maxListDepth(tr.doc);
          if (depth > maxDepth && depth > maxListDepth(state.doc)) return false;
          if (limit) {
            const count = editor.storage.characterCount;
            const size = count.characters({ node: tr.doc });
            if (size > limit && size > count.characters({ node: state.doc })) notify();
          }
          return true;
        },
      }),
    ];
  },
});
