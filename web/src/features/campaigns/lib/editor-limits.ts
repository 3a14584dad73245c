import type { Node as PmNode } from '@tiptap/pm/model';

/** Spec sections 5 and 9. */
export const EDITOR_MAX_CHARACTERS = 100_000;
export const EDITOR_MAX_LIST_DEPTH = 7;
export const EDITOR_LIMIT_MESSAGE = 'Maximum character limit reached';

const LIST_TYPES = new Set(['bulletList', 'orderedList', 'taskList']);

/** How deep lists are nested in the document (0 without lists). */
export function maxListDepth(doc: PmNode): number {
  let max = 0;
  const walk = (node: PmNode, depth: number) => {
    const here = LIST_TYPES.has(node.type.name) ? depth + 1 : depth;
    if (here > max) max = here;
    node.forEach((child) => walk(child, here));
  };
  walk(doc, 0);
  return max;
}
