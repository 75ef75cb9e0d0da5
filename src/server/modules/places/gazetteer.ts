/**
 * The built-in list of places (docs/decisions/0120): the neighbourhoods of Toronto, the towns and
 * cities around it and cottage country, where the app starts. Place search answers from it when no
 * geocoder is configured (GEOCODER_URL) and when the configured one fails. Centres are approximate
 * (within about a kilometre): enough to measure distances from, or to start a pin that is dragged.
 */
export type PlaceKind = 'city' | 'town' | 'neighbourhood' | 'area';

export interface GazetteerEntry {
  name: string;
  /** Where it is: 'Toronto, Ontario'. */
  detail: string;
  lat: number;
  lng: number;
  kind: PlaceKind;
  /** Other names people type for it. */
  aliases?: readonly string[];
  /** How many live there, for the world's list (world.ts), which ranks a far place by it. */
  population?: number;
}

type Row = readonly [name: string, lat: number, lng: number, aliases?: readonly string[]];

const group = (detail: string, kind: PlaceKind, rows: readonly Row[]): GazetteerEntry[] =>
  rows.map(([name, lat, lng, aliases]) => ({ name, detail, lat, lng, kind, ...(aliases ? { aliases } : {}) }));

const TORONTO: readonly Row[] = [
  ['Agincourt', 43.7854, -79.2785],
  ['Alderwood', 43.602, -79.545],
  ['the Annex', 43.6703, -79.405],
  ['Bathurst Manor', 43.765, -79.456],
  ['Bayview Village', 43.769, -79.385],
  ['the Beaches', 43.671, -79.2965, ['The Beach']],
  ['Birch Cliff', 43.6947, -79.2646],
  ['Bloor West Village', 43.65, -79.485],
  ['Cabbagetown', 43.6675, -79.3667],
  ['Chinatown', 43.6529, -79.398],
  ['Cliffside', 43.707, -79.245],
  ['Corktown', 43.654, -79.36],
  ['Corso Italia', 43.678, -79.442],
  ['Davenport', 43.671, -79.448],
  ['Davisville', 43.698, -79.396],
  ['Distillery District', 43.6503, -79.3596],
  ['Don Mills', 43.745, -79.345],
  ['Downsview', 43.728, -79.478],
  ['Downtown Toronto', 43.6532, -79.3832, ['City Hall']],
  ['Dufferin Grove', 43.656, -79.433],
  ['East York', 43.691, -79.328],
  ['Flemingdon Park', 43.717, -79.334],
  ['Forest Hill', 43.694, -79.415],
  ['Fort York', 43.639, -79.403],
  ['Greektown', 43.678, -79.348, ['the Danforth']],
  ['Guildwood', 43.7485, -79.1979],
  ['Harbourfront', 43.639, -79.381],
  ['High Park', 43.6465, -79.4637],
  ['Highland Creek', 43.784, -79.176],
  ['Humber Bay', 43.625, -79.477],
  ['Humber Valley Village', 43.666, -79.523],
  ['Islington Village', 43.645, -79.525],
  ['Jane and Finch', 43.759, -79.518],
  ['the Junction', 43.6652, -79.47],
  ['Kensington Market', 43.6547, -79.4005],
  ['the Kingsway', 43.653, -79.51],
  ['Lawrence Heights', 43.722, -79.446],
  ['Lawrence Park', 43.725, -79.4],
  ['Leaside', 43.7062, -79.3664],
  ['Leslieville', 43.6631, -79.3329],
  ['Liberty Village', 43.6375, -79.42],
  ['Little India', 43.672, -79.322, ['Gerrard India Bazaar']],
  ['Little Italy', 43.655, -79.4145],
  ['Little Portugal', 43.648, -79.428],
  ['Long Branch', 43.592, -79.535],
  ['Malvern', 43.8066, -79.2222],
  ['Midtown', 43.7066, -79.3986, ['Yonge and Eglinton']],
  ['Mimico', 43.613, -79.497],
  ['New Toronto', 43.601, -79.505],
  ['Oakwood Village', 43.688, -79.437],
  ['Parkdale', 43.64, -79.437],
  ['Regent Park', 43.66, -79.362],
  ['Rexdale', 43.722, -79.566],
  ['Riverdale', 43.668, -79.352],
  ['Roncesvalles', 43.6464, -79.449],
  ['Rosedale', 43.68, -79.379],
  ['Rouge', 43.805, -79.165],
  ['Scarborough Village', 43.7385, -79.2124],
  ['St. Lawrence', 43.649, -79.371, ['Saint Lawrence']],
  ['Swansea', 43.641, -79.476],
  ['Thistletown', 43.737, -79.565],
  ['Thorncliffe Park', 43.705, -79.348],
  ['Toronto Islands', 43.621, -79.378],
  ['Trinity Bellwoods', 43.648, -79.414],
  ['Upper Beaches', 43.68, -79.305],
  ['West Hill', 43.768, -79.179],
  ['Weston', 43.701, -79.515],
  ['Wexford', 43.745, -79.295],
  ['Willowdale', 43.77, -79.412],
  ['Wychwood', 43.682, -79.425],
  ['York Mills', 43.744, -79.406],
  ['Yorkville', 43.671, -79.3936],
];

/** The former cities of Toronto, as people still name them. */
const TORONTO_DISTRICTS: readonly Row[] = [
  ['Etobicoke', 43.6435, -79.565],
  ['North York', 43.7676, -79.4146],
  ['Scarborough', 43.7735, -79.2577],
  ['York', 43.69, -79.475],
];

/** Neighbourhoods and villages of the cities around Toronto (their detail names the city). */
const AROUND: readonly (readonly [city: string, rows: readonly Row[]])[] = [
  ['Mississauga', [['Port Credit', 43.551, -79.585], ['Streetsville', 43.583, -79.712], ['Cooksville', 43.578, -79.621]]],
  ['Markham', [['Unionville', 43.866, -79.311], ['Markham Village', 43.877, -79.263]]],
  ['Vaughan', [['Thornhill', 43.815, -79.423], ['Woodbridge', 43.783, -79.6], ['Maple', 43.851, -79.508]]],
  ['Caledon', [['Bolton', 43.875, -79.736]]],
  ['Halton Hills', [['Georgetown', 43.65, -79.917]]],
  ['Clarington', [['Bowmanville', 43.912, -78.688]]],
  ['Innisfil', [['Alcona', 44.306, -79.589]]],
];

const ONTARIO_CITIES: readonly Row[] = [
  ['Toronto', 43.6532, -79.3832],
  ['Mississauga', 43.589, -79.6441],
  ['Brampton', 43.685, -79.76],
  ['Oakville', 43.447, -79.667],
  ['Burlington', 43.3255, -79.799],
  ['Hamilton', 43.2557, -79.8711],
  ['Milton', 43.5183, -79.8774],
  ['Vaughan', 43.8361, -79.4983],
  ['Richmond Hill', 43.882, -79.437],
  ['Markham', 43.8561, -79.337],
  ['Aurora', 44.0065, -79.4504],
  ['Newmarket', 44.0592, -79.4613],
  ['Pickering', 43.838, -79.086],
  ['Ajax', 43.8509, -79.0204],
  ['Whitby', 43.8975, -78.9429],
  ['Oshawa', 43.8971, -78.8658],
  ['Barrie', 44.3894, -79.6903],
  ['Orillia', 44.6082, -79.4197],
  ['Peterborough', 44.3091, -78.3197],
  ['Guelph', 43.5448, -80.2482],
  ['Kitchener', 43.4516, -80.4925],
  ['Waterloo', 43.4643, -80.5204],
  ['Cambridge', 43.3616, -80.3144],
  ['St. Catharines', 43.1594, -79.2469, ['Saint Catharines']],
  ['Niagara Falls', 43.0896, -79.0849],
  ['London', 42.9849, -81.2453],
  ['Kingston', 44.2312, -76.486],
  ['Belleville', 44.1628, -77.3832],
  ['Ottawa', 45.4215, -75.6972],
  ['North Bay', 46.3091, -79.4608],
  ['Sudbury', 46.4917, -80.993, ['Greater Sudbury']],
];

const ONTARIO_TOWNS: readonly Row[] = [
  ['King City', 43.928, -79.527],
  ['Stouffville', 43.971, -79.244, ['Whitchurch-Stouffville']],
  ['Caledon', 43.866, -79.865],
  ['Collingwood', 44.5001, -80.2169],
  ['Wasaga Beach', 44.52, -80.016],
  ['Midland', 44.75, -79.883],
  ['Owen Sound', 44.569, -80.9436],
  ['Parry Sound', 45.347, -80.035],
  ['Cobourg', 43.9593, -78.1677],
  ['Port Hope', 43.952, -78.293],
  // Muskoka
  ['Bracebridge', 45.039, -79.309],
  ['Huntsville', 45.326, -79.218],
  ['Gravenhurst', 44.918, -79.374],
  ['Port Carling', 45.119, -79.578],
  ['Bala', 45.015, -79.614],
  ['Baysville', 45.147, -79.115],
  ['Dorset', 45.243, -78.893],
  ['Rosseau', 45.262, -79.64],
  ['Port Sydney', 45.213, -79.277],
  // The Kawarthas
  ['Bobcaygeon', 44.538, -78.543],
  ['Fenelon Falls', 44.535, -78.74],
  ['Lindsay', 44.356, -78.739],
  ['Buckhorn', 44.555, -78.343],
  ['Lakefield', 44.424, -78.271],
  ['Omemee', 44.3, -78.559],
  ['Coboconk', 44.658, -78.8],
  ['Apsley', 44.754, -78.097],
  ['Bancroft', 45.057, -77.856],
  // Haliburton
  ['Haliburton', 45.049, -78.509],
  ['Minden', 44.927, -78.726],
  ['Wilberforce', 45.036, -78.222],
  ['Carnarvon', 45.05, -78.68],
  ['Kinmount', 44.783, -78.65],
];

/** The areas of the region filter (spec §9), at their best-known town. */
const AREAS: readonly Row[] = [
  ['Muskoka', 45.039, -79.309, ['Muskoka Lakes', 'District of Muskoka']],
  ['Kawartha Lakes', 44.356, -78.739, ['the Kawarthas', 'Kawartha']],
  ['Haliburton Highlands', 45.049, -78.509, ['Haliburton County']],
  ['Greater Toronto Area', 43.6532, -79.3832, ['GTA']],
];

export const GAZETTEER: readonly GazetteerEntry[] = [
  ...group('Toronto, Ontario', 'neighbourhood', TORONTO),
  ...group('Toronto, Ontario', 'town', TORONTO_DISTRICTS),
  ...AROUND.flatMap(([city, rows]) => group(`${city}, Ontario`, 'neighbourhood', rows)),
  ...group('Ontario', 'city', ONTARIO_CITIES),
  ...group('Ontario', 'town', ONTARIO_TOWNS),
  ...group('Ontario', 'area', AREAS),
];
