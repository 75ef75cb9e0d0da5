/**
 * What each local page says about its area (spec §2 Local landing pages). The streets are
 * examples of where pickups happen, well-known public streets: never a member's address.
 */
export interface LocalText {
  /** The opening paragraphs. */
  intro: readonly string[];
  /** What neighbours there tend to share, one line each. */
  shared: readonly string[];
  /** Neighbourhoods of the area. */
  neighbourhoods: readonly string[];
  /** Example streets, for the example addresses a post might show. */
  streets: readonly string[];
}

export const LOCAL_TEXTS: Record<string, LocalText> = {
  scarborough: {
    intro: [
      'Scarborough has some of the biggest backyards in Toronto, and many of them have a tree that gives more than one family can eat: sour cherries in July, apples and pears in September.',
      'Neighbours post what they have here, free, and you pick it up from their driveway. Firewood from a tree taken down after a storm and skids from a renovation find a new home instead of the curb.',
    ],
    shared: [
      'Apples, pears, sour cherries and mulberries from backyard trees',
      'Split maple and ash after storms and tree removals',
      'Wooden skids from deliveries and renovations',
    ],
    neighbourhoods: ['Agincourt', 'Guildwood', 'Malvern', 'Highland Creek', 'Birch Cliff', 'West Hill'],
    streets: [
      'Kingston Road',
      'Lawrence Avenue East',
      'Markham Road',
      'Sheppard Avenue East',
      'Birchmount Road',
    ],
  },
  'north-york': {
    intro: [
      'North York mixes older streets with mature gardens and busy new builds. The gardens grow plums, apples and grapes; the building sites and shops leave plenty of wooden skids behind.',
      'Post what you have for free, or find something nearby and arrange the pickup directly with your neighbour. No middleman, no fees for sharing.',
    ],
    shared: [
      'Plums, apples and grapes from mature gardens',
      'Wooden skids from shops, deliveries and building sites',
      'Seasoned firewood from backyard clean-ups',
    ],
    neighbourhoods: [
      'Willowdale',
      'Don Mills',
      'Downsview',
      'Bayview Village',
      'York Mills',
      'Lawrence Park',
    ],
    streets: ['Yonge Street', 'Finch Avenue West', 'Bathurst Street', 'Don Mills Road', 'Wilson Avenue'],
  },
  etobicoke: {
    intro: [
      "Etobicoke runs from the lakeshore at Mimico up to the Humber's ravines, and its yards hold pear, apple and crabapple trees that fruit heavily in the fall.",
      'Share the extra with neighbours instead of letting it drop. Firewood from ravine-side lots and skids from the industrial streets near the 427 go the same way: free, picked up nearby.',
    ],
    shared: [
      'Pears, apples and crabapples from backyard trees',
      'Wooden skids from the industrial streets near the 427',
      'Firewood from ravine-side lots and storm clean-ups',
    ],
    neighbourhoods: ['Mimico', 'New Toronto', 'Islington', 'The Kingsway', 'Long Branch', 'Rexdale'],
    streets: [
      'Lake Shore Boulevard West',
      'The Queensway',
      'Islington Avenue',
      'Royal York Road',
      'Kipling Avenue',
    ],
  },
};
