/**
 * Strapi 5's blocks JSON (spec content-service.md §2.2, Strapi's blocks-react-renderer): blocks
 * `paragraph`, `heading` (level), `list` (format, `list-item` children, nested lists), `quote`,
 * `code`, `image` (the media file under `image`), inline `link` (url) and text leaves
 * `{ type: 'text', text, bold?, italic?, underline?, strikethrough?, code? }`. It is Slate's own
 * node model plus `type: 'text'` on leaves, so the editor holds the value as it is: going in, a
 * copy; coming out, a copy with `type: 'text'` on every leaf (Slate makes leaves without it when
 * it splits around an inline). blocks-round-trip.test.ts proves value → editor → value is identity.
 */
export type Mark = 'bold' | 'italic' | 'underline' | 'strikethrough' | 'code';
export const MARKS: readonly Mark[] = ['bold', 'italic', 'underline', 'strikethrough', 'code'];

export interface TextLeaf {
  type: 'text';
  text: string;
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  strikethrough?: boolean;
  code?: boolean;
}

export interface LinkNode { type: 'link'; url: string; children: TextLeaf[] }
export type InlineNode = TextLeaf | LinkNode;

export interface ParagraphBlock { type: 'paragraph'; children: InlineNode[] }
export interface HeadingBlock { type: 'heading'; level: 1 | 2 | 3 | 4 | 5 | 6; children: InlineNode[] }
export interface QuoteBlock { type: 'quote'; children: InlineNode[] }
export interface CodeBlock { type: 'code'; language?: string; children: InlineNode[] }
export interface ListItemBlock { type: 'list-item'; children: InlineNode[] }
export interface ListBlock { type: 'list'; format: 'ordered' | 'unordered'; indentLevel?: number; children: (ListItemBlock | ListBlock)[] }
export interface ImageBlock { type: 'image'; image: Record<string, unknown>; children: TextLeaf[] }

export type Block = ParagraphBlock | HeadingBlock | QuoteBlock | CodeBlock | ListBlock | ImageBlock;
export type BlocksValue = Block[];

/** what the editor shows for an empty field: one empty paragraph */
export function emptyDocument(): BlocksValue {
  return [{ type: 'paragraph', children: [{ type: 'text', text: '' }] }];
}

export function isEmptyDocument(value: readonly unknown[]): boolean {
  if (value.length !== 1) return false;
  const [block] = value as { type?: unknown; children?: { text?: unknown; type?: unknown }[] }[];
  return block.type === 'paragraph' && Array.isArray(block.children) && block.children.length === 1 && block.children[0].text === '';
}

type AnyNode = { children?: unknown[]; text?: unknown; [key: string]: unknown };

function copyNode(node: AnyNode, leafType: boolean): AnyNode {
  if (Array.isArray(node.children)) {
    return { ...node, children: node.children.map((child) => copyNode(child as AnyNode, leafType)) };
  }
  return leafType ? { type: 'text', ...node } : { ...node };
}

/** a stored blocks value as the editor's initial document (an empty one for null or []) */
export function toEditorValue(value: unknown): BlocksValue {
  if (!Array.isArray(value) || value.length === 0) return emptyDocument();
  return value.map((block) => copyNode(block as AnyNode, false)) as unknown as BlocksValue;
}

/** the editor's document as the value written: every leaf `type: 'text'` */
export function fromEditorValue(nodes: readonly unknown[]): BlocksValue {
  return nodes.map((node) => copyNode(node as AnyNode, true)) as unknown as BlocksValue;
}
