/**
 * The blocks editor writes exactly the value it was given (spec §2.2, Strapi's blocks JSON):
 * for any blocks value, value → editor document → Slate normalisation → value is identity.
 * Values are generated as the editor writes them: text leaves with `type: 'text'` and marks,
 * links inline between text leaves, paragraphs, headings (level), quotes, code, nested lists
 * (format, list-items) and images (void, one empty text).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createEditor, type Descendant } from 'slate';
import { fromEditorValue, toEditorValue, isEmptyDocument, emptyDocument } from '../../admin-panel/src/fields/blocks/blocks-value.js';
import { normalisedDocument, withBlocks } from '../../admin-panel/src/fields/blocks/blocks-schema.js';

const word = fc.string({ minLength: 1, maxLength: 12, unit: fc.constantFrom('a', 'b', 'é', ' ', '1', '*', '#', '中') });
const marks = fc.record({ bold: fc.constant(true), italic: fc.constant(true), underline: fc.constant(true), strikethrough: fc.constant(true), code: fc.constant(true) }, { requiredKeys: [] });
const text = fc.tuple(word, marks).map(([t, m]) => ({ type: 'text' as const, text: t, ...m }));
const link = fc.record({ type: fc.constant('link' as const), url: fc.webUrl(), children: fc.tuple(text).map(([t]) => [t]) });

// [text, (link, text)*]: adjacent leaves never touch, so Slate has nothing to merge or insert
const inline = fc.tuple(text, fc.array(fc.tuple(link, text), { maxLength: 3 })).map(([first, rest]) => [first, ...rest.flat()]);

const paragraph = inline.map((children) => ({ type: 'paragraph', children }));
const heading = fc.tuple(fc.integer({ min: 1, max: 6 }), inline).map(([level, children]) => ({ type: 'heading', level, children }));
const quote = inline.map((children) => ({ type: 'quote', children }));
const code = fc.tuple(text).map(([t]) => ({ type: 'code', children: [{ type: 'text', text: t.text }] }));
const image = fc.record({
  type: fc.constant('image'),
  image: fc.record({ name: word, alternativeText: fc.option(word, { nil: null }), url: fc.webUrl(), width: fc.nat(4000), height: fc.nat(4000), mime: fc.constant('image/png') }),
  children: fc.constant([{ type: 'text', text: '' }]),
});
const { list } = fc.letrec<{ list: unknown; item: unknown }>((tie) => ({
  item: inline.map((children) => ({ type: 'list-item', children })),
  list: fc.record({
    type: fc.constant('list'),
    format: fc.constantFrom('ordered', 'unordered'),
    children: fc.array(fc.oneof({ depthSize: 'small', withCrossShrink: true }, tie('item'), tie('item'), tie('list')), { minLength: 1, maxLength: 3 }),
  }),
}));
const blocks = fc.array(fc.oneof(paragraph, heading, quote, code, image, list), { minLength: 1, maxLength: 6 });

function throughEditor(value: unknown): unknown {
  const editor = withBlocks(createEditor());
  return fromEditorValue(normalisedDocument(editor, toEditorValue(value) as Descendant[]));
}

describe('blocks editor value round trip', () => {
  it('value → editor → value is identity for every blocks value', () => {
    fc.assert(
      fc.property(blocks, (value) => {
        expect(throughEditor(value)).toEqual(value);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps a value Strapi wrote: a link between texts, a heading, a list, an image', () => {
    const value = [
      { type: 'heading', level: 2, children: [{ type: 'text', text: 'Title' }] },
      { type: 'paragraph', children: [{ type: 'text', text: 'See ' }, { type: 'link', url: 'https://example.com', children: [{ type: 'text', text: 'this', bold: true }] }, { type: 'text', text: '.' }] },
      { type: 'list', format: 'ordered', children: [{ type: 'list-item', children: [{ type: 'text', text: 'one' }] }] },
      { type: 'image', image: { name: 'a.png', url: '/uploads/a.png', alternativeText: 'A' }, children: [{ type: 'text', text: '' }] },
    ];
    expect(throughEditor(value)).toEqual(value);
  });

  it('adds `type: text` to leaves Slate makes around an inline link', () => {
    const value = [{ type: 'paragraph', children: [{ type: 'link', url: 'https://example.com', children: [{ type: 'text', text: 'x' }] }] }];
    expect(throughEditor(value)).toEqual([
      { type: 'paragraph', children: [{ type: 'text', text: '' }, { type: 'link', url: 'https://example.com', children: [{ type: 'text', text: 'x' }] }, { type: 'text', text: '' }] },
    ]);
  });

  it('an empty field opens as one empty paragraph, which is written as empty', () => {
    expect(toEditorValue(null)).toEqual(emptyDocument());
    expect(isEmptyDocument(throughEditor(null) as unknown[])).toBe(true);
    expect(isEmptyDocument(throughEditor([{ type: 'paragraph', children: [{ type: 'text', text: 'a' }] }]) as unknown[])).toBe(false);
  });
});
