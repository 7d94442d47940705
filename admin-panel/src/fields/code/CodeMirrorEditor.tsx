/**
 * A CodeMirror 6 editor as an uncontrolled React component: it owns its document, reports each
 * change, and takes a new value from outside only when it differs from its own (a reset, a locale
 * fill). Its content element is a multi-line textbox labelled by the field's label. Imported only
 * by the lazy JSON and Markdown editor chunks.
 */
import { useEffect, useRef } from 'react';
import { EditorState, type Extension } from '@codemirror/state';
import { EditorView, keymap, lineNumbers, highlightActiveLine } from '@codemirror/view';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { syntaxHighlighting, defaultHighlightStyle } from '@codemirror/language';

export interface CodeEditorProps {
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
  labelId: string;
  describedBy?: string;
  invalid?: boolean;
  readOnly?: boolean;
}

export function CodeMirrorEditor(props: CodeEditorProps & { language: Extension; extra?: Extension[] }) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const latest = useRef(props);
  latest.current = props;

  useEffect(() => {
    if (!host.current) return;
    const attributes: Record<string, string> = { 'aria-labelledby': props.labelId, 'aria-multiline': 'true' };
    if (props.describedBy) attributes['aria-describedby'] = props.describedBy;
    const state = EditorState.create({
      doc: props.value,
      extensions: [
        lineNumbers(),
        highlightActiveLine(),
        history(),
        keymap.of([...defaultKeymap, ...historyKeymap]),
        syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
        EditorView.lineWrapping,
        EditorView.contentAttributes.of(attributes),
        EditorState.readOnly.of(props.readOnly === true),
        EditorView.editable.of(props.readOnly !== true),
        props.language,
        ...(props.extra ?? []),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) latest.current.onChange(update.state.doc.toString());
          if (update.focusChanged && !update.view.hasFocus) latest.current.onBlur?.();
        }),
      ],
    });
    view.current = new EditorView({ state, parent: host.current });
    return () => {
      view.current?.destroy();
      view.current = null;
    };
    // the editor is made once; later values arrive through the effect below
  }, []);

  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    const own = editor.state.doc.toString();
    if (own !== props.value) editor.dispatch({ changes: { from: 0, to: own.length, insert: props.value } });
  }, [props.value]);

  return <div ref={host} className={`vf-code${props.invalid ? ' vf-invalid' : ''}`} />;
}
