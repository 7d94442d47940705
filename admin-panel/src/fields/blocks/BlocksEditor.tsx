/**
 * The blocks editor (a lazy chunk): Slate over Strapi's blocks JSON with a toolbar (block type,
 * bold, italic, underline, strikethrough, code, link, image). The editable is a multi-line
 * textbox labelled by the attribute's name (Strapi's has no accessible name). Slate keeps the
 * document; the form hears of each content change, so typing re-renders only this field.
 */
import { useMemo, useState, type KeyboardEvent } from 'react';
import type { Descendant } from 'slate';
import { Editable, Slate, useSlateStatic, type RenderElementProps, type RenderLeafProps } from 'slate-react';
import { BLOCK_KINDS, BLOCK_KIND_LABELS, createBlocksEditor, currentBlockKind, insertImage, isLinkActive, isMarkActive, setBlockKind, setLink, toggleMark, type BlockKind } from './blocks-editor-core.js';
import { MARKS, fromEditorValue, isEmptyDocument, toEditorValue, type BlocksValue, type Mark } from './blocks-value.js';
import type { BlockElement } from './slate-types.js';

export interface BlocksEditorProps {
  value: unknown;
  onChange(value: BlocksValue | null): void;
  onBlur?(): void;
  labelId: string;
  describedBy?: string;
  readOnly?: boolean;
  /** a media file picked for an image block, or null when cancelled */
  pickImage?(): Promise<Record<string, unknown> | null>;
}

const MARK_LABELS: Record<Mark, string> = { bold: 'Bold', italic: 'Italic', underline: 'Underline', strikethrough: 'Strikethrough', code: 'Inline code' };
const HOTKEYS: Record<string, Mark> = { b: 'bold', i: 'italic', u: 'underline' };

function renderElement({ attributes, children, element }: RenderElementProps) {
  const node = element as BlockElement;
  switch (node.type) {
    case 'heading': {
      const Tag = `h${node.level}` as 'h1';
      return <Tag {...attributes}>{children}</Tag>;
    }
    case 'quote':
      return <blockquote {...attributes}>{children}</blockquote>;
    case 'code':
      return (
        <pre {...attributes}>
          <code>{children}</code>
        </pre>
      );
    case 'list':
      return node.format === 'ordered' ? <ol {...attributes}>{children}</ol> : <ul {...attributes}>{children}</ul>;
    case 'list-item':
      return <li {...attributes}>{children}</li>;
    case 'link':
      return (
        <a {...attributes} href={node.url} onClick={(event) => event.preventDefault()}>
          {children}
        </a>
      );
    case 'image': {
      const image = node.image as { url?: unknown; alternativeText?: unknown; name?: unknown };
      return (
        <div {...attributes}>
          <div contentEditable={false}>
            <img className="vf-block-image" src={typeof image.url === 'string' ? image.url : ''} alt={String(image.alternativeText ?? image.name ?? '')} />
          </div>
          {children}
        </div>
      );
    }
    default:
      return <p {...attributes}>{children}</p>;
  }
}

function renderLeaf({ attributes, children, leaf }: RenderLeafProps) {
  let content = children;
  if (leaf.code) content = <code>{content}</code>;
  if (leaf.bold) content = <strong>{content}</strong>;
  if (leaf.italic) content = <em>{content}</em>;
  if (leaf.underline) content = <u>{content}</u>;
  if (leaf.strikethrough) content = <s>{content}</s>;
  return <span {...attributes}>{content}</span>;
}

function Toolbar({ pickImage, readOnly }: { pickImage: BlocksEditorProps['pickImage']; readOnly: boolean }) {
  const editor = useSlateStatic();
  const [linkUrl, setLinkUrl] = useState<string | null>(null);
  // re-read on each render of the editor (the Slate component re-renders on change)
  const kind = currentBlockKind(editor);
  return (
    <div className="vf-blocks-toolbar" role="toolbar" aria-label="Formatting">
      <select aria-label="Block type" value={kind} disabled={readOnly} onChange={(event) => setBlockKind(editor, event.target.value as BlockKind)}>
        {BLOCK_KINDS.map((value) => (
          <option key={value} value={value}>
            {BLOCK_KIND_LABELS[value]}
          </option>
        ))}
      </select>
      {MARKS.map((mark) => (
        <button
          key={mark}
          type="button"
          className="vf-tool"
          aria-pressed={isMarkActive(editor, mark)}
          disabled={readOnly}
          onMouseDown={(event) => {
            event.preventDefault();
            toggleMark(editor, mark);
          }}
        >
          {MARK_LABELS[mark]}
        </button>
      ))}
      {linkUrl === null ? (
        <button type="button" className="vf-tool" aria-pressed={isLinkActive(editor)} disabled={readOnly} onMouseDown={(event) => { event.preventDefault(); setLinkUrl(''); }}>
          Link
        </button>
      ) : (
        <span className="vf-row">
          <input aria-label="Link URL" value={linkUrl} autoFocus onChange={(event) => setLinkUrl(event.target.value)} />
          <button type="button" className="vf-tool" onClick={() => { setLink(editor, linkUrl.trim()); setLinkUrl(null); }}>
            Apply link
          </button>
          <button type="button" className="vf-tool" onClick={() => setLinkUrl(null)}>
            Cancel
          </button>
        </span>
      )}
      {pickImage ? (
        <button
          type="button"
          className="vf-tool"
          disabled={readOnly}
          onClick={() => {
            const at = editor.selection;
            void pickImage().then((image) => {
              if (!image) return;
              if (at) editor.select(at);
              insertImage(editor, image);
            });
          }}
        >
          Image
        </button>
      ) : null}
    </div>
  );
}

export default function BlocksEditor({ value, onChange, onBlur, labelId, describedBy, readOnly = false, pickImage }: BlocksEditorProps) {
  const editor = useMemo(createBlocksEditor, []);
  const initialValue = useMemo(() => toEditorValue(value) as Descendant[], []);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!(event.ctrlKey || event.metaKey)) return;
    const mark = HOTKEYS[event.key.toLowerCase()];
    if (mark) {
      event.preventDefault();
      toggleMark(editor, mark);
    }
  };
  return (
    <div className="vf-blocks">
      <Slate
        editor={editor}
        initialValue={initialValue}
        onValueChange={(document) => {
          const next = fromEditorValue(document);
          onChange(isEmptyDocument(next) ? null : next);
        }}
      >
        <Toolbar pickImage={pickImage} readOnly={readOnly} />
        <Editable
          className="vf-blocks-editable"
          role="textbox"
          aria-multiline="true"
          aria-labelledby={labelId}
          aria-describedby={describedBy}
          readOnly={readOnly}
          renderElement={renderElement}
          renderLeaf={renderLeaf}
          onKeyDown={onKeyDown}
          onBlur={onBlur}
        />
      </Slate>
    </div>
  );
}

