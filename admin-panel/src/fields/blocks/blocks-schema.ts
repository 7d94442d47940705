/**
 * What makes a Slate editor a blocks editor, without React: links are inline, images void. The
 * round-trip test (test/admin-panel/blocks-round-trip.test.ts) normalises documents with it.
 */
import { Editor, type Descendant } from 'slate';

const typeOf = (element: unknown) => (element as { type?: unknown }).type;

export function withBlocks<E extends Editor>(editor: E): E {
  const { isInline, isVoid } = editor;
  editor.isInline = (element) => typeOf(element) === 'link' || isInline(element);
  editor.isVoid = (element) => typeOf(element) === 'image' || isVoid(element);
  return editor;
}

/** a document as Slate holds it once normalised (what the editor would write back untouched) */
export function normalisedDocument(editor: Editor, document: Descendant[]): Descendant[] {
  editor.children = document;
  Editor.normalize(editor, { force: true });
  return editor.children;
}
