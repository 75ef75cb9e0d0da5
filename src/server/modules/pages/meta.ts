import {
  documentTitle,
  HOME_PAGE,
  LOCAL_AREAS,
  NOT_FOUND_PAGE,
  SITE_NAME,
  SUBSCRIBE_PAGE,
} from '../../../domain/pages';
import {
  areaOf,
  shareLink,
  type PostStatusValue,
  type PostTypeValue,
  type RegionValue,
} from '../../../domain/post-values';
import type { PageMeta } from './head';

/** What a shared post's preview may show: never its street (DECISIONS 24), only its area. */
export interface SharedPost {
  id: string;
  type: PostTypeValue;
  title: string;
  address: string;
  region: RegionValue | null;
  status: PostStatusValue;
  imageUrl: string | null;
}

/** Screens of members and admins: kept out of search results (robots.txt keeps /admin and /marketing out too). */
const PRIVATE_PATHS = new Set([
  '/favorites',
  '/messages',
  '/notifications',
  '/account',
  '/admin',
  '/marketing',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/mail/stop',
]);

const ITEM: Record<PostTypeValue, string> = { fruit: 'fruit', firewood: 'firewood', skids: 'wooden skids' };
const AVAILABILITY: Record<PostStatusValue, string> = {
  available: 'InStock',
  limited: 'LimitedAvailability',
  unavailable: 'OutOfStock',
  seasonal: 'PreOrder',
};

const absolute = (origin: string, url: string) => new URL(url, `${origin}/`).toString();

/** The site's picture for link previews (1200×630, src/web/public): pages and posts without a photo of their own. */
export const SITE_CARD_IMAGE = '/og-card.png';

/** The site's own card: what the home page and any page without one of its own show. */
export function siteMeta(origin: string, path = '/'): PageMeta {
  return {
    title: documentTitle(HOME_PAGE.title),
    description: HOME_PAGE.description,
    canonical: `${origin}${path}`,
    image: absolute(origin, SITE_CARD_IMAGE),
    noindex: PRIVATE_PATHS.has(path),
    jsonLd:
      path === '/'
        ? {
            '@context': 'https://schema.org',
            '@type': 'WebSite',
            name: SITE_NAME,
            url: `${origin}/`,
            description: HOME_PAGE.description,
          }
        : null,
  };
}

/** A page of the app by its path (domain/pages.ts APP_PATHS). */
export function pageMeta(origin: string, path: string): PageMeta {
  const area = LOCAL_AREAS.find((a) => `/${a.slug}` === path);
  if (area) {
    const canonical = `${origin}${path}`;
    return {
      title: documentTitle(area.title),
      description: area.description,
      canonical,
      image: absolute(origin, SITE_CARD_IMAGE),
      noindex: false,
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'CollectionPage',
        name: area.title,
        description: area.description,
        url: canonical,
        about: { '@type': 'Place', name: area.name, containedInPlace: { '@type': 'City', name: 'Toronto' } },
        isPartOf: { '@type': 'WebSite', name: SITE_NAME, url: `${origin}/` },
      },
    };
  }
  if (path === '/subscribe') {
    return {
      ...siteMeta(origin, path),
      title: documentTitle(SUBSCRIBE_PAGE.title),
      description: SUBSCRIBE_PAGE.description,
    };
  }
  return siteMeta(origin, path);
}

/** The 404 screen's head: no address of its own, out of search results. */
export const notFoundMeta = (): PageMeta => ({
  title: documentTitle(NOT_FOUND_PAGE.title),
  description: NOT_FOUND_PAGE.description,
  canonical: null,
  image: null,
  noindex: true,
  jsonLd: null,
});

/** A shared post's link preview (`/?post=ID`): its title, its area and its photo; an offer of a free item. */
export function postMeta(origin: string, post: SharedPost): PageMeta {
  const area = areaOf(post.address, post.region);
  const description = `Free ${ITEM[post.type]}${area ? ` in ${area}` : ''}, shared by a neighbour. Pick it up for free.`;
  const canonical = shareLink(origin, post.id);
  const photo = post.imageUrl ? absolute(origin, post.imageUrl) : null;
  return {
    title: documentTitle(post.title),
    description,
    canonical,
    image: photo ?? absolute(origin, SITE_CARD_IMAGE),
    noindex: false,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Offer',
      name: post.title,
      description,
      url: canonical,
      price: '0',
      priceCurrency: 'USD',
      availability: `https://schema.org/${AVAILABILITY[post.status]}`,
      ...(area ? { areaServed: { '@type': 'Place', name: area } } : {}),
      itemOffered: {
        '@type': 'Product',
        name: post.title,
        category: ITEM[post.type],
        ...(photo ? { image: photo } : {}),
      },
    },
  };
}
