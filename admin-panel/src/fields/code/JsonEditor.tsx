/** The lazy JSON editor chunk: CodeMirror with lang-json and its parse linter. */
import { json, jsonParseLinter } from '@codemirror/lang-json';
import { linter, lintGutter } from '@codemirror/lint';
import { CodeMirrorEditor, type CodeEditorProps } from './CodeMirrorEditor.js';

const language = json();
const extra = [linter(jsonParseLinter()), lintGutter()];

export default function JsonEditor(props: CodeEditorProps) {
  return <CodeMirrorEditor {...props} language={language} extra={extra} />;
}
