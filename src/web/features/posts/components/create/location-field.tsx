import { Suspense, useId, useState } from 'react';
import { LoaderCircle, LocateFixed, MapPin, X } from 'lucide-react';
import type { LatLng } from '../../../../../domain/geo';
import { Button } from '../../../../components/ui/button';
import { Checkbox } from '../../../../components/ui/checkbox';
import { Label } from '../../../../components/ui/label';
import { lazyNamed } from '../../../../lib/lazy';
import { PlaceSearch } from '../../../places';

const LocationMap = lazyNamed(() => import('./location-map'), 'LocationMap');

interface LocationFieldProps {
  value: LatLng | null;
  onChange: (point: LatLng | null) => void;
  exact: boolean;
  onExactChange: (exact: boolean) => void;
  pinColour: 'fruit' | 'other';
}

/** Where the post is: a place found by name, a pin on a small map or the device's location, and whether to show the exact spot. */
export function LocationField({ value, onChange, exact, onExactChange, pinColour }: LocationFieldProps) {
  const ids = { exact: useId(), help: useId() };
  const [locating, setLocating] = useState(false);
  const [locateError, setLocateError] = useState<string | null>(null);
  // Counts the places picked from the search: each one brings the map to its pin.
  const [recentre, setRecentre] = useState(0);

  // A pin placed by hand answers a failed "Use my location": its message goes.
  const placePin = (point: LatLng | null) => {
    setLocateError(null);
    onChange(point);
  };

  const useMyLocation = () => {
    if (!('geolocation' in navigator)) return setLocateError('This browser cannot share its location.');
    setLocating(true);
    setLocateError(null);
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        setLocating(false);
        onChange({ lat: coords.latitude, lng: coords.longitude });
      },
      () => {
        setLocating(false);
        setLocateError('Could not get your location. Tap the map to place the pin instead.');
      },
      { enableHighAccuracy: true, timeout: 15_000 },
    );
  };

  return (
    <fieldset className="grid gap-2">
      <legend className="text-sm font-medium">Location on the map (optional)</legend>
      <p id={ids.help} className="text-xs text-muted-foreground">
        {value
          ? 'Pin placed. Drag it or tap the map to move it.'
          : 'Find a place, tap the map to place a pin, or use your location.'}
      </p>
      <PlaceSearch
        label="Find a place"
        emptyHint="Tap the map to place the pin instead."
        onPick={(place) => {
          placePin({ lat: place.lat, lng: place.lng });
          setRecentre((n) => n + 1);
        }}
      />
      <Suspense
        fallback={
          <div className="grid h-56 place-items-center rounded-lg border bg-muted text-sm sm:h-64">
            Loading map...
          </div>
        }
      >
        <LocationMap value={value} onChange={placePin} pinColour={pinColour} recentre={recentre} />
      </Suspense>
      <div className="flex flex-wrap items-center gap-2">
        <Button type="button" variant="outline" size="sm" onClick={useMyLocation} disabled={locating}>
          {locating ? (
            <LoaderCircle className="animate-spin" aria-hidden="true" />
          ) : (
            <LocateFixed aria-hidden="true" />
          )}
          Use my location
        </Button>
        {value && (
          <>
            <span className="flex items-center gap-1 text-xs text-muted-foreground">
              <MapPin className="size-3.5" aria-hidden="true" />
              {value.lat.toFixed(4)}, {value.lng.toFixed(4)}
            </span>
            <Button type="button" variant="ghost" size="sm" onClick={() => onChange(null)}>
              <X aria-hidden="true" />
              Remove pin
            </Button>
          </>
        )}
      </div>
      {locateError && (
        <p className="text-sm text-destructive" role="alert">
          {locateError}
        </p>
      )}
      <div className="flex items-start gap-2.5 rounded-lg bg-muted p-3">
        <Checkbox
          id={ids.exact}
          checked={exact}
          onChange={(e) => onExactChange(e.target.checked)}
          className="mt-0.5"
        />
        <div className="grid gap-0.5">
          <Label htmlFor={ids.exact}>Show the exact spot</Label>
          <p className="text-xs text-muted-foreground">
            For a public tree or a woodpile by the road. Otherwise the map shows an approximate point about
            500 m away, so your home stays private.
          </p>
        </div>
      </div>
    </fieldset>
  );
}
