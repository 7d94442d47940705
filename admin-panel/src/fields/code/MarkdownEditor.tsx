/** The lazy Markdown editor chunk (richtext): CodeMirror with lang-markdown. */
import { markdown } from '@codemirror/lang-markdown';
import { CodeMirrorEditor, type CodeEditorProps } from './CodeMirrorEditor.js';

const language = markdown();

export default function MarkdownEditor(props: CodeEditorProps) {
  return <CodeMirrorEditor {...props} language={language} />;
}
