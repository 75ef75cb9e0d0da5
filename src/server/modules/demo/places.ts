import type { Region } from '../../../domain/posts';

/** A neighbourhood or cottage town posts are placed around (approximate centres). */
export interface Place {
  name: string;
  /** The town part of an address: a borough's own name where Canada Post takes it (Scarborough, North York, Etobicoke). */
  town: string;
  lat: number;
  lng: number;
  /** Spread of posts around the centre, in metres (about one standard deviation). */
  spreadM: number;
  /** Relative share of posts. */
  weight: number;
  /** Set for the places of the region filter; otherwise filled in from the point (DECISIONS 13). */
  region?: Region;
  /** Forward sortation area of the postal code. */
  fsa: string;
  streets: readonly string[];
}

const gta = (
  name: string,
  lat: number,
  lng: number,
  fsa: string,
  streets: string[],
  weight = 4,
  town = 'Toronto',
): Place => ({
  name,
  town,
  lat,
  lng,
  spreadM: 1200,
  weight,
  fsa,
  streets,
});
const cottage = (
  name: string,
  region: Region,
  lat: number,
  lng: number,
  fsa: string,
  streets: string[],
): Place => ({
  name,
  town: name,
  lat,
  lng,
  spreadM: 6000,
  weight: 2,
  region,
  fsa,
  streets,
});

export const PLACES: readonly Place[] = [
  // Scarborough
  {
    ...gta('Agincourt', 43.7854, -79.2785, 'M1S', ['Sheppard Ave E', 'Midland Ave', 'Bonis Ave']),
    region: 'scarborough',
    town: 'Scarborough',
  },
  {
    ...gta('Birch Cliff', 43.6947, -79.2646, 'M1N', ['Kingston Rd', 'Warden Ave', 'Birchmount Rd']),
    region: 'scarborough',
    town: 'Scarborough',
  },
  {
    ...gta('Guildwood', 43.7485, -79.1979, 'M1E', ['Guildwood Pkwy', 'Livingston Rd', 'Galloway Rd']),
    region: 'scarborough',
    town: 'Scarborough',
  },
  {
    ...gta('Malvern', 43.8066, -79.2222, 'M1B', ['Neilson Rd', 'Tapscott Rd', 'Sewells Rd']),
    region: 'scarborough',
    town: 'Scarborough',
  },
  {
    ...gta('Scarborough Village', 43.7385, -79.2124, 'M1J', ['Markham Rd', 'Eglinton Ave E', 'Bellamy Rd S']),
    region: 'scarborough',
    town: 'Scarborough',
  },
  // Toronto
  gta('Leslieville', 43.6631, -79.3329, 'M4M', ['Queen St E', 'Jones Ave', 'Carlaw Ave', 'Pape Ave'], 6),
  gta('the Annex', 43.6703, -79.405, 'M5R', ['Brunswick Ave', 'Huron St', 'Dupont St', 'Madison Ave'], 6),
  gta('High Park', 43.6465, -79.4637, 'M6P', ['Parkside Dr', 'Indian Rd', 'High Park Ave', 'Keele St'], 6),
  gta('Roncesvalles', 43.6464, -79.449, 'M6R', ['Roncesvalles Ave', 'Fermanagh Ave', 'Geoffrey St']),
  gta('the Beaches', 43.671, -79.2965, 'M4E', ['Queen St E', 'Lee Ave', 'Glen Manor Dr', 'Kippendavie Ave']),
  gta('Riverdale', 43.668, -79.352, 'M4K', ['Withrow Ave', 'Logan Ave', 'Broadview Ave']),
  gta('Cabbagetown', 43.6675, -79.3667, 'M4X', ['Carlton St', 'Winchester St', 'Sumach St']),
  gta('Little Italy', 43.655, -79.4145, 'M6G', ['Clinton St', 'Manning Ave', 'College St']),
  gta('the Junction', 43.6652, -79.47, 'M6P', ['Dundas St W', 'Quebec Ave', 'Pacific Ave']),
  gta('Leaside', 43.7062, -79.3664, 'M4G', ['Bayview Ave', 'Millwood Rd', 'Sutherland Dr']),
  gta('East York', 43.691, -79.328, 'M4C', ['Woodbine Ave', 'Cosburn Ave', 'Coxwell Ave']),
  gta('Willowdale', 43.77, -79.412, 'M2N', ['Yonge St', 'Empress Ave', 'Churchill Ave'], 5, 'North York'),
  gta('Don Mills', 43.745, -79.345, 'M3B', ['Don Mills Rd', 'Lawrence Ave E', 'Underhill Dr'], 4, 'North York'),
  gta('Downsview', 43.728, -79.478, 'M3K', ['Wilson Ave', 'Keele St', 'Sheppard Ave W'], 4, 'North York'),
  gta('Mimico', 43.613, -79.497, 'M8V', ['Lake Shore Blvd W', 'Royal York Rd', 'Mimico Ave'], 4, 'Etobicoke'),
  gta('Islington Village', 43.645, -79.525, 'M9A', ['Dundas St W', 'Burnhamthorpe Rd', 'Islington Ave'], 4, 'Etobicoke'),
  gta('Long Branch', 43.592, -79.535, 'M8W', ['Lake Promenade', 'Long Branch Ave', '36th St'], 4, 'Etobicoke'),
  gta('Rexdale', 43.722, -79.566, 'M9V', ['Albion Rd', 'Kipling Ave', 'Finch Ave W'], 4, 'Etobicoke'),
  // Around Toronto
  gta(
    'Port Credit',
    43.551,
    -79.585,
    'L5H',
    ['Lakeshore Rd E', 'Hurontario St', 'Elizabeth St'],
    4,
    'Mississauga',
  ),
  gta('Streetsville', 43.583, -79.712, 'L5M', ['Queen St S', 'Main St', 'Thomas St'], 3, 'Mississauga'),
  gta(
    'Cooksville',
    43.578,
    -79.621,
    'L5A',
    ['Dundas St E', 'Camilla Rd', 'Mississauga Valley Blvd'],
    3,
    'Mississauga',
  ),
  gta(
    'Unionville',
    43.866,
    -79.311,
    'L3R',
    ['Main St Unionville', 'Fred Varley Dr', 'Kennedy Rd'],
    3,
    'Markham',
  ),
  gta('Markham Village', 43.877, -79.263, 'L3P', ['Main St N', 'Robinson St', 'Bullock Dr'], 3, 'Markham'),
  gta('Thornhill', 43.815, -79.423, 'L3T', ['Centre St', 'Yonge St', 'John St'], 2, 'Vaughan'),
  gta(
    'Richmond Hill',
    43.882,
    -79.437,
    'L4C',
    ['Major Mackenzie Dr', 'Elgin Mills Rd', 'Bayview Ave'],
    2,
    'Richmond Hill',
  ),
  gta('Pickering', 43.838, -79.086, 'L1V', ['Liverpool Rd', 'Whites Rd', 'Kingston Rd'], 2, 'Pickering'),
  gta('Brampton', 43.685, -79.76, 'L6V', ['Main St N', 'Queen St W', 'Mill St'], 2, 'Brampton'),
  gta('Oakville', 43.447, -79.667, 'L6J', ['Lakeshore Rd E', 'Trafalgar Rd', 'Navy St'], 2, 'Oakville'),
  // Cottage country
  cottage('Bracebridge', 'muskoka', 45.039, -79.309, 'P1L', ['Manitoba St', 'Kirrie Glen Rd', 'Beaumont Dr']),
  cottage('Huntsville', 'muskoka', 45.326, -79.218, 'P1H', ['Main St E', 'Brunel Rd', 'Fairy Lake Dr']),
  cottage('Gravenhurst', 'muskoka', 44.918, -79.374, 'P1P', ['Muskoka Rd S', 'Bay St', 'Kilworthy Rd']),
  cottage('Port Carling', 'muskoka', 45.119, -79.578, 'P0B', ['Joseph St', 'Peninsula Rd', 'Ferndale Rd']),
  cottage('Bobcaygeon', 'kawartha', 44.538, -78.543, 'K0M', ['Bolton St', 'Front St W', 'County Rd 36']),
  cottage('Fenelon Falls', 'kawartha', 44.535, -78.74, 'K0M', ['Francis St W', 'Colborne St', 'Lindsay St']),
  cottage('Lindsay', 'kawartha', 44.356, -78.739, 'K9V', ['Kent St W', 'Angeline St N', 'Colborne St E']),
  cottage('Buckhorn', 'kawartha', 44.555, -78.343, 'K0L', ['Buckhorn Rd', 'Lakehurst Rd', 'Hall Rd']),
  cottage('Haliburton', 'haliburton', 45.049, -78.509, 'K0M', ['Highland St', 'Maple Ave', 'Mountain St']),
  cottage('Minden', 'haliburton', 44.927, -78.726, 'K0M', ['Bobcaygeon Rd', 'Water St', 'Invergordon Ave']),
  cottage('Wilberforce', 'haliburton', 45.036, -78.222, 'K0L', ['Loop Rd', 'Old Hwy 648', 'Dark Lake Rd']),
  cottage('Carnarvon', 'haliburton', 45.05, -78.68, 'K0M', ['Hwy 35', 'Maple Lake Rd', 'Sherbourne St']),
];
