/** The server-side search (`_q`): a searchbox named "Search", sent 300 ms after typing stops or on Enter. */
import { useEffect, useRef, useState } from 'react';
import { Input, SearchField } from 'react-aria-components';

const DELAY_MS = 300;

export function SearchBox({ value, onSearch }: { value: string; onSearch: (search: string) => void }) {
  const [text, setText] = useState(value);
  // the latest callback, without restarting the delay each time the parent renders
  const search = useRef(onSearch);
  search.current = onSearch;
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => search.current(text), DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, value]);
  return (
    <SearchField aria-label="Search" value={text} onChange={setText} onSubmit={(submitted) => onSearch(submitted)} className="search">
      <Input placeholder="Search" />
    </SearchField>
  );
}
