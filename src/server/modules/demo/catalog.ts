import type { PostStatus, PostType } from '../../../domain/posts';

/**
 * What a post offers: title choices, a sentence about it, and fitting seasonal notes. Titles and
 * sentences are drawn apart, so each sentence must fit every title of its offer (docs/decisions/0128).
 */
export interface Offer {
  titles: readonly string[];
  about: readonly string[];
  seasonal: readonly string[];
}

export const OFFERS: Record<PostType, readonly Offer[]> = {
  fruit: [
    {
      titles: [
        'Honeycrisp apples',
        'McIntosh apples, pick your own',
        'Backyard apple tree loaded',
        'Northern Spy apples for pies',
      ],
      about: [
        'Our old apple tree is loaded again this year, far more than we can eat.',
        'Unsprayed apples, a few spots but great for sauce and pies.',
      ],
      seasonal: ['Ripe from late August to early October', 'Best picked in September'],
    },
    {
      titles: ['Bartlett pears', 'Bosc pears from the backyard', 'Pear tree needs picking'],
      about: [
        'Pears ripen best on the counter after picking, so take them a little firm.',
        'Two pear trees, both heavy this year.',
      ],
      seasonal: ['Pears ready mid-August to September'],
    },
    {
      titles: ['Italian plums', 'Damson plums', 'Purple plums, tree is full'],
      about: [
        'Sweet plums, perfect for jam or freezing.',
        'The plums drop fast once they are ripe, come soon.',
      ],
      seasonal: ['Plums ripen in late August'],
    },
    {
      titles: ['Sour cherries', 'Sweet cherry tree', 'Montmorency cherries for pie'],
      about: [
        'Bring a ladder for the top branches; the birds get the rest.',
        'Good fresh or baked into a pie. Pitter not included!',
      ],
      seasonal: ['Cherries are ready late June to mid July'],
    },
    {
      titles: ['Mulberries, bring a sheet', 'White and black mulberries', 'Mulberry tree by the lane'],
      about: [
        'Spread a sheet under the tree and give it a shake. Stains everything!',
        'Public mulberry tree on the boulevard, help yourself.',
      ],
      seasonal: ['Mulberries drop from late June through July'],
    },
    {
      titles: ['Serviceberries (Saskatoons)', 'Juneberries on the front lawn'],
      about: [
        'They taste like a cross between a blueberry and an almond.',
        'A big shrub, easy picking at kid height.',
      ],
      seasonal: ['Serviceberries ripen in June'],
    },
    {
      titles: ['Concord grapes', 'Grapes on the garage arbour', 'Wine grapes, whole vine'],
      about: [
        'Seedy but very sweet grapes, great for juice, jelly or wine.',
        'The vine covers the whole arbour; take as many bunches as you like.',
      ],
      seasonal: ['Grapes are sweetest after the first cool nights of September'],
    },
    {
      titles: [
        'Crabapples for jelly',
        'Apricots from a small tree',
        'Elderberries',
        'Rhubarb, more than we need',
      ],
      about: [
        'Enough for a batch of jam, jelly or pie.',
        'A small harvest but too much for two people.',
      ],
      seasonal: ['Check back in summer', 'Harvest depends on the weather this year'],
    },
  ],
  firewood: [
    {
      titles: ['Seasoned maple firewood', 'Split sugar maple', 'Maple rounds, you split', 'Maple logs, free', 'Maple firewood by the cord'],
      about: [
        'Cut from a maple we had to take down two winters ago.',
        'Pieces about 16 inches long, stacked off the ground.',
      ],
      seasonal: ['Seasoned 18 months, burns clean', 'Come before the snow flies'],
    },
    {
      titles: ['Red oak firewood', 'Oak logs, well seasoned', 'Oak and ash mix'],
      about: ['Oak needs two years to season; this has had three.', 'From storm clean-up, cut and split.'],
      seasonal: ['Dry and ready for this winter'],
    },
    {
      titles: ['Birch firewood and kindling', 'Kindling bundles', 'Cedar offcuts for kindling'],
      about: [
        'Great fire starters. Please burn locally, do not move firewood long distances.',
        'Dry and thin, it lights with one match.',
      ],
      seasonal: ['Kept under a tarp all year'],
    },
    {
      titles: ['Cherry wood for smoking', 'Apple wood for the smoker', 'Mixed hardwood, free'],
      about: [
        'From pruning this spring, lovely in a smoker or a fire pit.',
        'Tree service left us more than we can use.',
      ],
      seasonal: ['Cut this spring, needs a summer to dry', 'Green wood, dry it over the summer'],
    },
  ],
  skids: [
    {
      titles: [
        'Heat-treated pallets (HT stamp)',
        'Standard 48x40 skids',
        'Wooden skids, good shape',
        'Pallets from a store renovation',
        'Euro pallets, HT stamped',
        'Clean pallets, free to a good home',
      ],
      about: [
        'HT stamped, no chemical treatment, fine for garden projects.',
        'Mostly intact, one or two boards cracked.',
      ],
      seasonal: ['Available any time, ring the side door'],
    },
    {
      titles: [
        'Oak pallets',
        'Hardwood skids for firewood or projects',
        'Long skids from a machine delivery',
        'Heavy skids from a stone delivery',
      ],
      about: [
        'Heavy hardwood skids, good for raised beds and compost bins.',
        'Heavy, so bring a truck or a trailer.',
      ],
      seasonal: ['We get new ones every few weeks'],
    },
    {
      titles: ['Pallet wood, already taken apart', 'Crate lumber', 'Broken skids for kindling', 'Pallet boards for a fire pit'],
      about: [
        'Dry boards, mostly free of nails.',
        'Not pretty but dry, ideal for a backyard fire pit.',
      ],
      seasonal: ['Pick up weekday evenings'],
    },
  ],
};

/** Quantity texts: most carry one amount word of spec §5, a few none. */
export const QUANTITIES: Record<PostType, readonly string[]> = {
  fruit: [
    'a few baskets',
    'a small bag',
    'a few handfuls',
    'some bags',
    'some buckets',
    'a medium box',
    'lots',
    'plenty for everyone',
    'a large crop',
    'about 2 bushels',
  ],
  firewood: [
    'a small pile',
    'a few armloads',
    'some bundles',
    'a medium stack',
    'lots of wood',
    'a large pile',
    'plenty',
    'half a cord',
    'a full cord',
  ],
  skids: [
    'a few skids',
    'a small stack',
    'some pallets',
    'medium stack of 8',
    'lots of pallets',
    'a large stack',
    'about 12 skids',
  ],
};

export const STATUS_WEIGHTS: ReadonlyArray<[PostStatus, number]> = [
  ['available', 55],
  ['limited', 20],
  ['unavailable', 10],
  ['seasonal', 15],
];

export const STATUS_NOTES: Partial<Record<PostStatus, readonly string[]>> = {
  limited: ['Only a few left', 'Most of it is gone, some still there', 'Last bits on the top branches'],
  unavailable: ['All taken, thank you everyone!', 'Picked clean, back next year', 'Gone for now'],
  seasonal: ['Back next season', 'Will post when it is ripe', 'Next batch in the fall'],
};

export const FIRST_NAMES = [
  'Maria',
  'Tom',
  'Priya',
  'Wei',
  'Fatima',
  'Sean',
  'Ana',
  'Dmitri',
  'Grace',
  'Omar',
  'Lucy',
  'Raj',
  'Chloé',
  'Marco',
  'Aiko',
  'Kwame',
  'Sofia',
  'Liam',
  'Nadia',
  'Ben',
];
export const LAST_NAMES = [
  'Gomez',
  'Chen',
  'Patel',
  'Nguyen',
  'Ali',
  'Murphy',
  'Silva',
  'Ivanov',
  'Okafor',
  'Rossi',
  'Tanaka',
  'Singh',
  'Tremblay',
  'Kowalski',
  'Lee',
  'Haddad',
];

export const CONTACTS = [
  'Text me after 5pm',
  'Ring the side door bell',
  'Message me here first',
  'Best on weekends',
  'Porch pickup, no need to knock',
];
