/** Slate's node types are the blocks JSON's (blocks-value.ts); leaves Slate makes lack `type`. */
import type { BaseEditor } from 'slate';
import type { ReactEditor } from 'slate-react';
import type { HistoryEditor } from 'slate-history';
import type { Block, ListItemBlock, LinkNode, TextLeaf } from './blocks-value.js';

export type BlockElement = Block | ListItemBlock | LinkNode;

declare module 'slate' {
  interface CustomTypes {
    Editor: BaseEditor & ReactEditor & HistoryEditor;
    Element: BlockElement;
    Text: Omit<TextLeaf, 'type'> & { type?: 'text' };
  }
}
