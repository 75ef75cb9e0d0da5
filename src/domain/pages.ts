/**
 * The web app's pages as both sides know them (docs/decisions/0088): the paths the router answers,
 * which of them are prerendered into HTML at build time, and the words search engines and link
 * previews read (title and description). The server writes the head tags from these; the web
 * shows the same titles, so the title a crawler reads is the one a visitor sees.
 */

import { COMMENTS_OPEN_PARAM } from './post-values';

/** The product's name, as the document title, link previews and mails say it. */
export const SITE_NAME = 'Free Fruit, Firewood & Skids';

/** A page title as the document shows it: 'Scarborough … | Free Fruit, Firewood & Skids'. */
export const documentTitle = (title: string) => `${title} | ${SITE_NAME}`;

export interface LocalArea {
  /** The page's path without its slash: 'north-york'. */
  slug: string;
  name: string;
  /** The page's h1, also the start of its document title. */
  title: string;
  /** The meta description (search results and link previews), 150 characters or so. */
  description: string;
  /**
   * The posts of the area as the posts list finds them: Scarborough is one of the regions a post
   * carries (DECISIONS 13); North York and Etobicoke are found by the words of their addresses.
   */
  listQuery: Readonly<Record<string, string>>;
}

/** The local landing pages of spec §2. Mississauga is listed in the footer as 'Coming Soon'. */
export const LOCAL_AREAS: readonly LocalArea[] = [
  {
    slug: 'scarborough',
    name: 'Scarborough',
    title: 'Free fruit, firewood and skids in Scarborough',
    description:
      'Neighbours in Scarborough give away backyard fruit, split firewood and wooden skids for free. See what is shared near the Bluffs and Rouge Park and pick it up.',
    listQuery: { region: 'scarborough' },
  },
  {
    slug: 'north-york',
    name: 'North York',
    title: 'Free fruit, firewood and skids in North York',
    description:
      'Free backyard fruit, firewood and wooden skids from neighbours in North York, from Willowdale to Don Mills. Find what is shared nearby and arrange pickup.',
    listQuery: { q: 'North York' },
  },
  {
    slug: 'etobicoke',
    name: 'Etobicoke',
    title: 'Free fruit, firewood and skids in Etobicoke',
    description:
      'Neighbours in Etobicoke share backyard fruit, firewood and wooden skids for free, from Mimico to the Humber. See what is up for grabs and arrange pickup.',
    listQuery: { q: 'Etobicoke' },
  },
];

/** The home page's words, for the head and the site's link preview. */
export const HOME_PAGE = {
  title: 'Free fruit, firewood and skids from your neighbours',
  description:
    'Neighbours give away free fruit from their trees, firewood and wooden skids. Post what you have, find what you need nearby and arrange pickup directly.',
} as const;

export const SUBSCRIBE_PAGE = {
  title: 'Plans and access',
  description:
    'See every free fruit, firewood and skids post near you: a 24-hour pass for $3, lifetime access for $9.99, or free access through the Kindness Button.',
} as const;

export const NOT_FOUND_PAGE = {
  title: '404 Page Not Found',
  description: "We couldn't find the page you were looking for.",
} as const;

/**
 * Every path the web router answers with a screen of its own (spec §2, DECISIONS 14). Any other
 * path is the not-found screen, and the server answers it 404.
 */
export const APP_PATHS: readonly string[] = [
  '/',
  '/favorites',
  '/messages',
  '/notifications',
  '/account',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/mail/stop',
  '/subscribe',
  '/admin',
  '/marketing',
  ...LOCAL_AREAS.map((area) => `/${area.slug}`),
];

/**
 * The screen module (under src/web) of each page whose screen loads on demand, whether the server
 * answers it with the shell or prerendered (/subscribe): the HTML preloads its chunks (from the
 * build's manifest), so they load beside the first bundle instead of after it, and a prerendered
 * page is taken over without waiting for them (docs/decisions/0088). A test checks every module exists.
 */
export const LAZY_SCREENS: Readonly<Record<string, string>> = {
  '/favorites': 'app/routes/favorites.tsx',
  '/messages': 'features/messages/components/inbox.tsx',
  '/notifications': 'features/notifications/components/notifications-page.tsx',
  '/login': 'app/routes/login.tsx',
  '/register': 'app/routes/register.tsx',
  '/forgot-password': 'app/routes/password-reset.tsx',
  '/reset-password': 'app/routes/password-reset.tsx',
  '/mail/stop': 'app/routes/mail-stop.tsx',
  '/subscribe': 'features/access/components/subscribe-page.tsx',
  '/admin': 'app/routes/admin.tsx',
  '/marketing': 'app/routes/marketing.tsx',
  '/account': 'app/routes/account.tsx',
};

/**
 * The API answers a page's first screen waits for, which its HTML asks for at once (`<link
 * rel="preload" as="fetch">`), beside the app's code: /subscribe's plans wait for the session and
 * then the payments' configuration and receipts, otherwise two round trips after the app has
 * started (docs/decisions/0088). They answer a guest without setting a cookie, so no two sessions race.
 */
export const PAGE_DATA: Readonly<Record<string, readonly string[]>> = {
  '/subscribe': ['/api/session', '/api/payments/config', '/api/payments/receipts'],
};

/**
 * The dialog module each home page query opens once the page has hydrated (`/?post=ID`, a shared
 * post; `/?member=ID`, a profile): the HTML preloads its chunks beside the first bundle, so the
 * dialog does not wait for them, nor the app for adding their links itself (docs/decisions/0088).
 */
export const HOME_DIALOGS: Readonly<Record<string, string>> = {
  post: 'features/posts/components/post-dialog.tsx',
  member: 'features/members/components/member-profile-dialog.tsx',
};

/** The dialog a home page's query opens, if any: the key of its preloads (HOME_DIALOGS). */
export const homeDialog = (query: URLSearchParams): string | undefined =>
  Object.keys(HOME_DIALOGS).find((name) => query.has(name));

/**
 * The path the 404 screen is prerendered at. The screen names the path asked for; the server puts
 * the real one (escaped) where this stands, so the HTML matches what the browser then renders.
 */
export const NOT_FOUND_MARK = '/__not-found__';

/**
 * The default origin (DEFAULT_ORIGIN, DEFAULT_ORIGIN_NAME) as every page's head carries it for the
 * browser: `<meta name="app:default-origin" content="lat,lng">` and `…-name`. Prerendered pages are
 * built before the server's settings are known: they name the place with ORIGIN_NAME_MARK, and
 * the server puts the configured name (escaped) there (docs/decisions/0121).
 */
export const ORIGIN_META = 'app:default-origin';
export const ORIGIN_NAME_META = 'app:default-origin-name';
export const ORIGIN_NAME_MARK = '__default-origin-name__';

/** A campaign's or a referral's marks: read outside React (main.tsx), by no page's first render. */
const CAMPAIGN_QUERY = ['ref', 'utm_source', 'utm_medium', 'utm_campaign'];

/**
 * The query parameters a prerendered page's first render does not read, for the pages whose first
 * render reads some: home's filters and map view do, but not a shared post's or a member's dialogs,
 * which open once the page has hydrated; /subscribe's return from a provider's page does (it says
 * the payment is being confirmed), not the plan it outlines once the plans are there. The other
 * prerendered pages read no query. A page asked with another parameter is shown until the app
 * starts, then drawn anew, not hydrated (docs/decisions/0088).
 */
const QUERY_KEEPS_HYDRATION: Readonly<Record<string, ReadonlySet<string>>> = {
  '/': new Set(['post', COMMENTS_OPEN_PARAM, 'member', ...CAMPAIGN_QUERY]),
  '/subscribe': new Set(['plan', ...CAMPAIGN_QUERY]),
};

/** Whether the prerendered page at `path` can be hydrated with this query. */
export const hydratesWith = (path: string, query: URLSearchParams): boolean => {
  const keeps = QUERY_KEEPS_HYDRATION[path];
  return !keeps || [...query.keys()].every((name) => keeps.has(name));
};

/** The pages rendered into HTML after the build, each to `pages/<name>.html` (the 404 screen too). */
export const PRERENDERED = [
  { path: '/', file: 'home' },
  ...LOCAL_AREAS.map((area) => ({ path: `/${area.slug}`, file: area.slug })),
  { path: '/subscribe', file: 'subscribe' },
  { path: NOT_FOUND_MARK, file: '404' },
];

/**
 * The home page's banners a device can dismiss, and the cookie naming those it dismissed (space
 * separated): the server marks the page's <html> with them (`data-dismissed`) so the stylesheet
 * hides them from the first paint, while hydration still finds them in the HTML it was given.
 */
export const DISMISSABLE = ['welcome', 'marketing'] as const;
export type Dismissable = (typeof DISMISSABLE)[number];
export const DISMISSED_COOKIE = 'ff_dismissed';

/** The dismissed banners a cookie names (anything else in it ignored). */
export const dismissedIn = (cookie: string | undefined): Dismissable[] =>
  DISMISSABLE.filter((name) => (cookie ?? '').split(' ').includes(name));
