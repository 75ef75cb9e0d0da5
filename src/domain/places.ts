import { z } from 'zod';
import { PLACE_QUERY } from './place-values';
import { text } from './text';

export * from './place-values';

/** GET /api/places?q=: a street, neighbourhood or town, as typed. */
export const PlaceQuery = z.object({
  q: text('Type a place or an address to search for.')
    .trim()
    .min(PLACE_QUERY.min, `Type at least ${PLACE_QUERY.min} letters of a place or an address.`)
    .max(PLACE_QUERY.max, `A place search can be at most ${PLACE_QUERY.max} characters.`),
});
export type PlaceQuery = z.infer<typeof PlaceQuery>;

export const Place = z.object({
  /** 'Leslieville', '12 Carlaw Ave'. */
  name: z.string(),
  /** Where it is, for telling alike names apart: 'Toronto, Ontario'. */
  detail: z.string(),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});
export type Place = z.infer<typeof Place>;

export const PlaceList = z.object({
  places: z.array(Place),
  /** Who answered: the built-in list of the app's home area, or the geocoder of GEOCODER_URL. */
  source: z.enum(['built-in', 'geocoder']),
});
export type PlaceList = z.infer<typeof PlaceList>;
