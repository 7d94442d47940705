/** The server-side search (`_q`): a searchbox named "Search", sent 300 ms after typing stops or on Enter. */
import { useEffect, useState } from 'react';
import { Input, SearchField } from 'react-aria-components';

const DELAY_MS = 300;

export function SearchBox({ value, onSearch }: { value: string; onSearch: (search: string) => void }) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => onSearch(text), DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);
  return (
    <SearchField aria-label="Search" value={text} onChange={setText} onSubmit={(submitted) => onSearch(submitted)} className="search">
      <Input placeholder="Search" />
    </SearchField>
  );
}
