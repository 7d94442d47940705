/** A token's access key, shown once after create or regenerate, with "Copy" (the Clipboard API). */
import { useState } from 'react';
import { Button } from 'react-aria-components';

export function AccessKeyNotice({ accessKey }: { accessKey: string }) {
  const [copied, setCopied] = useState<string>('');
  return (
    <section className="access-key" aria-labelledby="access-key-title">
      <h2 id="access-key-title">Make sure to copy this token, you won't be able to see it again!</h2>
      <div className="access-key-row">
        <code aria-label="Access key">{accessKey}</code>
        <Button
          onPress={() => {
            navigator.clipboard.writeText(accessKey).then(
              () => setCopied('Copied to the clipboard'),
              () => setCopied('The browser refused the clipboard: select the key and copy it'),
            );
          }}
        >
          Copy
        </Button>
      </div>
      <p role="status" className="notice">{copied}</p>
    </section>
  );
}
