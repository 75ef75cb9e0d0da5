import type { Actor } from '../../../domain/actor';
import type { PlaceList } from '../../../domain/places';
import type { RateLimiter, RateRule } from '../../plugins/rate-limit';
import type { Geocoder } from './geocoder';

/** Place searches from one address: a person types a few a minute; a geocoder's quota is shared. */
export const PLACE_SEARCH_RATE: RateRule = { what: 'place searches', limit: 60, windowMs: 60_000 };
/** The geocoder's failures are logged at most once in this time, not once per search. */
export const GEOCODER_FAILURE_LOG_MS = 60_000;

export interface PlacesDeps {
  /** The built-in list (docs/decisions/0120). */
  builtIn: Geocoder;
  /** The geocoder of GEOCODER_URL, when one is configured. */
  geocoder?: Geocoder;
  limiter: RateLimiter;
  log: { warn(obj: object, msg: string): void };
}

export type PlacesService = ReturnType<typeof createPlacesService>;

/** Place search for the distance origin and the create form's pin (DECISIONS 11 and 12). */
export function createPlacesService(deps: PlacesDeps) {
  let loggedAt = -Infinity;
  return {
    /**
     * GET /api/places: the configured geocoder's answer, or the built-in list's when there is
     * none or it fails (one log line a minute at most while it does).
     */
    async search(actor: Actor, query: string, now = Date.now()): Promise<PlaceList> {
      await deps.limiter.hit(`places:ip:${actor.address}`, PLACE_SEARCH_RATE);
      if (deps.geocoder) {
        try {
          return { places: await deps.geocoder.search(query), source: 'geocoder' };
        } catch (err) {
          if (now - loggedAt >= GEOCODER_FAILURE_LOG_MS) {
            loggedAt = now;
            deps.log.warn({ err }, 'The geocoder (GEOCODER_URL) failed; place search answers from the built-in list');
          }
        }
      }
      return { places: await deps.builtIn.search(query), source: 'built-in' };
    },
  };
}
