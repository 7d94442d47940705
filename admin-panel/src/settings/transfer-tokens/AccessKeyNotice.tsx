/** A new key, shown once (Strapi's wording), with a button copying it to the clipboard. */
import { useState } from 'react';
import { Button } from 'react-aria-components';

export function AccessKeyNotice({ accessKey }: { accessKey: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <section className="access-key" aria-label="Access key">
      <p>Make sure to copy this token, you won&apos;t be able to see it again!</p>
      <code data-testid="access-key">{accessKey}</code>
      <Button onPress={() => void navigator.clipboard.writeText(accessKey).then(() => setCopied(true))}>Copy</Button>
      <span role="status">{copied ? 'Copied' : ''}</span>
    </section>
  );
}
