/** The lazy JSON editor chunk: CodeMirror with lang-json and its parse linter. */
import { json, jsonParseLinter } from '@codemirror/lang-json';
import { linter, lintGutter } from '@codemirror/lint';
import { CodeMirrorEditor, type CodeEditorProps } from './CodeMirrorEditor.js';

const language = json();
const parseErrors = jsonParseLinter();
// an empty field is no JSON error: it is written as null
const extra = [linter((view) => (view.state.doc.length === 0 ? [] : parseErrors(view))), lintGutter()];

export default function JsonEditor(props: CodeEditorProps) {
  return <CodeMirrorEditor {...props} language={language} extra={extra} />;
}
