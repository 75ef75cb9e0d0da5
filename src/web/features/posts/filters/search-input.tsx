import { useEffect, useId, useState, type FormEvent, type Ref } from 'react';
import { Search } from 'lucide-react';
import { Input } from '../../../components/ui/input';

const DEBOUNCE_MS = 350;

interface SearchInputProps {
  /** The search in the URL. */
  value: string;
  onSearch: (q: string) => void;
  inputRef?: Ref<HTMLInputElement>;
}

/** The free-text search of spec §2: it searches as you type (debounced) and at once on Enter. */
export function SearchInput({ value, onSearch, inputRef }: SearchInputProps) {
  const id = useId();
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  const [pushed, setPushed] = useState(value);
  // The URL changed from elsewhere (a chip, Clear All Filters, back): show its value.
  if (value !== seen) {
    setSeen(value);
    if (value !== pushed) {
      setPushed(value);
      setText(value);
    }
  }

  const push = (next: string) => {
    setPushed(next);
    onSearch(next);
  };

  useEffect(() => {
    if (text === pushed) return;
    const timer = setTimeout(() => {
      setPushed(text);
      onSearch(text);
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, pushed, onSearch]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (text !== pushed) push(text);
  };

  return (
    <form role="search" onSubmit={onSubmit} className="relative min-w-0 flex-1">
      <label htmlFor={id} className="sr-only">
        Search posts
      </label>
      <Search
        className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <Input
        ref={inputRef}
        id={id}
        type="search"
        value={text}
        maxLength={100}
        onChange={(e) => setText(e.target.value)}
        placeholder="Search by item, description, or location..."
        className="pr-2 pl-8 placeholder:text-[13px] sm:placeholder:text-sm"
        enterKeyHint="search"
      />
    </form>
  );
}
