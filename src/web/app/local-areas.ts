/** The local landing pages of spec §2, by path. */
export const LOCAL_AREAS = [
  { path: 'scarborough', name: 'Scarborough' },
  { path: 'north-york', name: 'North York' },
  { path: 'etobicoke', name: 'Etobicoke' },
] as const;
