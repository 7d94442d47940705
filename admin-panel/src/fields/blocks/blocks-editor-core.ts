/**
 * The blocks editor's commands: marks, block kinds (headings, quote, code, lists), links and
 * images, as the toolbar and the shortcuts run them on the Slate editor.
 */
import { createEditor, Editor, Element, Range, Transforms } from 'slate';
import { withHistory } from 'slate-history';
import { withReact } from 'slate-react';
import type { Mark } from './blocks-value.js';
import { withBlocks } from './blocks-schema.js';
import type { BlockElement } from './slate-types.js';

export function createBlocksEditor(): Editor {
  return withBlocks(withHistory(withReact(createEditor())));
}

export function isMarkActive(editor: Editor, mark: Mark): boolean {
  const marks = Editor.marks(editor) as Record<string, unknown> | null;
  return marks ? marks[mark] === true : false;
}

export function toggleMark(editor: Editor, mark: Mark): void {
  if (isMarkActive(editor, mark)) Editor.removeMark(editor, mark);
  else Editor.addMark(editor, mark, true);
}

/** the block kinds the block-type select offers, by value */
export const BLOCK_KINDS = ['paragraph', 'heading-1', 'heading-2', 'heading-3', 'heading-4', 'heading-5', 'heading-6', 'quote', 'code', 'list-unordered', 'list-ordered'] as const;
export type BlockKind = (typeof BLOCK_KINDS)[number];

export const BLOCK_KIND_LABELS: Record<BlockKind, string> = {
  paragraph: 'Text',
  'heading-1': 'Heading 1',
  'heading-2': 'Heading 2',
  'heading-3': 'Heading 3',
  'heading-4': 'Heading 4',
  'heading-5': 'Heading 5',
  'heading-6': 'Heading 6',
  quote: 'Quote',
  code: 'Code block',
  'list-unordered': 'Bulleted list',
  'list-ordered': 'Numbered list',
};

const isBlock = (editor: Editor) => (node: unknown): node is BlockElement => Element.isElement(node) && Editor.isBlock(editor, node);

/** the kind of the block holding the selection's start */
export function currentBlockKind(editor: Editor): BlockKind {
  if (!editor.selection) return 'paragraph';
  const [entry] = Editor.nodes(editor, { at: Editor.unhangRange(editor, editor.selection), match: (n) => isBlock(editor)(n) && n.type !== 'list-item', mode: 'lowest' });
  const node = entry?.[0] as BlockElement | undefined;
  if (!node) return 'paragraph';
  if (node.type === 'heading') return `heading-${node.level}` as BlockKind;
  if (node.type === 'list') return node.format === 'ordered' ? 'list-ordered' : 'list-unordered';
  if (node.type === 'quote' || node.type === 'code') return node.type;
  return 'paragraph';
}

export function setBlockKind(editor: Editor, kind: BlockKind): void {
  if (!editor.selection) return;
  Editor.withoutNormalizing(editor, () => {
    // leave any list first: its items become plain blocks
    Transforms.unwrapNodes(editor, { match: (n) => Element.isElement(n) && n.type === 'list', split: true });
    const match = (n: unknown) => isBlock(editor)(n) && (n as BlockElement).type !== 'image';
    if (kind.startsWith('list-')) {
      Transforms.setNodes<BlockElement>(editor, { type: 'list-item' }, { match });
      Transforms.wrapNodes(editor, { type: 'list', format: kind === 'list-ordered' ? 'ordered' : 'unordered', children: [] }, { match: (n) => Element.isElement(n) && n.type === 'list-item' });
      return;
    }
    if (kind.startsWith('heading-')) {
      Transforms.setNodes(editor, { type: 'heading', level: Number(kind.slice(8)) as 1 }, { match });
      return;
    }
    Transforms.unsetNodes(editor, ['level', 'format', 'language'], { match });
    Transforms.setNodes<BlockElement>(editor, { type: kind as 'paragraph' | 'quote' | 'code' }, { match });
  });
}

export function isLinkActive(editor: Editor): boolean {
  const [link] = Editor.nodes(editor, { match: (n) => Element.isElement(n) && n.type === 'link' });
  return link !== undefined;
}

/** wraps the selection in a link (or inserts the url as a linked text at a caret); an empty url unlinks */
export function setLink(editor: Editor, url: string): void {
  Transforms.unwrapNodes(editor, { match: (n) => Element.isElement(n) && n.type === 'link' });
  if (url === '' || !editor.selection) return;
  if (Range.isCollapsed(editor.selection)) {
    Transforms.insertNodes(editor, { type: 'link', url, children: [{ type: 'text', text: url }] });
  } else {
    Transforms.wrapNodes(editor, { type: 'link', url, children: [] }, { split: true });
    Transforms.collapse(editor, { edge: 'end' });
  }
}

/** an image block (a media file's fields under `image`) after the current block */
export function insertImage(editor: Editor, image: Record<string, unknown>): void {
  Transforms.insertNodes(editor, { type: 'image', image, children: [{ type: 'text', text: '' }] });
}
