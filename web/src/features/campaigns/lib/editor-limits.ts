import type { Node as PmNode } from '@tiptap/pm/model';

/** Spec sections 5 and 9. */
export const EDITOR_MAX_CHARACTERS = 100_000;
export const EDITOR_MAX_LIST_DEPTH = 7;
export const EDITOR_LIMIT_MESSAGE = 'Maximum character limit reached';

const LIST_TYPES = new Set(['bulletList', 'orderedList', 'taskList']);

/** Characters as the character counter counts them: the text with one separator between blocks. */
export function characterCount(doc: PmNode): number {
  return doc.textBetween(0, doc.content.size, undefined, ' ').length;
}

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

/**
 * Whether a change from `before` to `after` characters/depth is refused outright (typing beyond
 * the limit, indenting beyond the depth). A paste that overflows is let through and trimmed.
 */
export function refusesChange(
  before: { size: number; depth: number },
  after: { size: number; depth: number },
  options: { limit: number; maxDepth: number; isPaste: boolean },
): 'limit' | 'depth' | null {
  if (after.depth > options.maxDepth && after.depth > before.depth) return 'depth';
  if (!options.isPaste && after.size > options.limit && after.size > before.size) return 'limit';
  return null;
}
