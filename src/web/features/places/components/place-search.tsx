import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { LoaderCircle, MapPin, Search } from 'lucide-react';
import { PLACE_QUERY } from '../../../../domain/place-values';
import type { Place } from '../../../../domain/places';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { waitMessage } from '../../../lib/api';
import { cn } from '../../../lib/utils';
import { usePlaceSearch } from '../api/search-places';

const DEBOUNCE_MS = 300;

interface PlaceSearchProps {
  label: string;
  /** Said after 'No place found for …': what to do instead. */
  emptyHint: string;
  onPick: (place: Place) => void;
  autoFocus?: boolean;
}

/** What the status line says, or null when the list speaks for itself. */
function statusOf(
  query: string,
  search: ReturnType<typeof usePlaceSearch>,
  emptyHint: string,
): string | null {
  if (query.trim().length < PLACE_QUERY.min) return null;
  if (search.isError) {
    return waitMessage(search.error) ?? 'Place search is not available right now. Please try again in a moment.';
  }
  if (search.isFetching && !search.data) return 'Searching...';
  if (search.data && search.data.places.length === 0 && !search.isPlaceholderData) {
    return `No place found for “${query.trim()}”. ${emptyHint}`;
  }
  return null;
}

/**
 * A search box for a street, neighbourhood or town (docs/decisions/0120), as an ARIA combobox: the
 * places found are listed below it; arrows move through them, Enter or a tap picks one, Escape
 * closes the list (and only the list, inside a dialog).
 */
export function PlaceSearch({ label, emptyHint, onPick, autoFocus }: PlaceSearchProps) {
  const ids = { input: useId(), list: useId(), status: useId() };
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const search = usePlaceSearch(query);
  const places = open && query.trim().length >= PLACE_QUERY.min ? (search.data?.places ?? []) : [];
  const listed = places.length > 0;

  useEffect(() => {
    const timer = setTimeout(() => setQuery(text), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  // An Escape that closes the list is not also the dialog's around it: Radix listens on the
  // document while capturing, so it is taken earlier, on the window.
  useEffect(() => {
    if (!listed) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || event.target !== input.current) return;
      event.preventDefault();
      setOpen(false);
    };
    window.addEventListener('keydown', onKey, { capture: true });
    return () => window.removeEventListener('keydown', onKey, { capture: true });
  }, [listed]);

  const pick = (place: Place) => {
    setText(place.name);
    setQuery(place.name);
    setOpen(false);
    setActive(-1);
    onPick(place);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      // Never the form's submit: Enter here picks a place.
      event.preventDefault();
      const place = places[Math.max(active, 0)];
      if (place) pick(place);
    } else if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && listed) {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + places.length + (i < 0 && step < 0 ? 1 : 0)) % places.length);
    }
  };

  const status = open ? statusOf(query, search, emptyHint) : null;
  const optionId = (i: number) => `${ids.list}-${i}`;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={ids.input}>{label}</Label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          ref={input}
          id={ids.input}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={listed}
          aria-controls={ids.list}
          aria-activedescendant={listed && active >= 0 ? optionId(active) : undefined}
          aria-describedby={status ? ids.status : undefined}
          autoComplete="off"
          autoFocus={autoFocus}
          enterKeyHint="search"
          maxLength={PLACE_QUERY.max}
          value={text}
          placeholder="Address, area or town"
          className="pr-8 pl-8"
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
        />
        {open && search.isFetching && (
          <LoaderCircle
            className="absolute top-1/2 right-2.5 size-4 -translate-y-1/2 animate-spin text-muted-foreground"
            aria-hidden="true"
          />
        )}
      </div>
      <ul id={ids.list} role="listbox" aria-label={label} hidden={!listed} className="grid rounded-lg border bg-card py-1">
        {places.map((place, i) => (
          <li
            key={`${place.name}|${place.detail}|${place.lat}|${place.lng}`}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            className={cn(
              'flex cursor-pointer items-start gap-2 px-3 py-2 text-sm hover:bg-muted',
              i === active && 'bg-muted',
            )}
            // The input keeps focus, so the list stays while the tap lands.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(place)}
          >
            <MapPin className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            <span className="grid">
              <span className="font-medium">{place.name}</span>
              {place.detail && <span className="text-xs text-muted-foreground">{place.detail}</span>}
            </span>
          </li>
        ))}
      </ul>
      <p id={ids.status} role="status" className={cn('text-xs text-muted-foreground', !status && 'sr-only')}>
        {status ?? (listed ? `${places.length} place${places.length === 1 ? '' : 's'} found` : '')}
      </p>
    </div>
  );
}
