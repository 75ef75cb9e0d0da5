import { useId, useRef, useState } from 'react';
import { LocateFixed } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { PlaceSearch } from '../../places';
import { originText, pickViewerPlace, requestViewerLocation, type ViewerOrigin } from './viewer-origin';

/**
 * Under the filters, as every card shows a distance: where distances are measured from, and a way
 * to measure from a place the viewer picks or from their location instead (DECISIONS 11).
 */
export function OriginLine({ origin }: { origin: ViewerOrigin }) {
  const panelId = useId();
  const [choosing, setChoosing] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const done = () => {
    setChoosing(false);
    toggle.current?.focus();
  };

  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
        <p className="flex items-center gap-1.5" role="status">
          <LocateFixed className="size-3.5" aria-hidden="true" />
          {originText(origin)}
        </p>
        <Button
          ref={toggle}
          variant="link"
          className="h-auto py-0.5 text-xs"
          aria-expanded={choosing}
          aria-controls={panelId}
          onClick={() => setChoosing(!choosing)}
        >
          {origin.state === 'picked' ? 'Change place' : 'Choose a place'}
        </Button>
      </div>
      <div id={panelId} hidden={!choosing} className="grid gap-3 rounded-lg border bg-muted/40 p-3 sm:max-w-md">
        {choosing && (
          <PlaceSearch
            label="Measure distances from"
            emptyHint="Try a town or a neighbourhood."
            autoFocus
            onPick={(place) => {
              pickViewerPlace(place);
              done();
            }}
          />
        )}
        <Button
          variant="outline"
          size="sm"
          className="justify-self-start"
          onClick={() => {
            requestViewerLocation(true);
            done();
          }}
        >
          <LocateFixed aria-hidden="true" />
          Use my location
        </Button>
      </div>
    </div>
  );
}
