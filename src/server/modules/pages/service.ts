import type { Actor } from '../../../domain/actor';
import {
  APP_PATHS,
  homeDialog,
  hydratesWith,
  LOCAL_AREAS,
  NOT_FOUND_MARK,
  type Dismissable,
} from '../../../domain/pages';
import { AppError } from '../../errors';
import type { PostsService } from '../posts/service';
import { escapeHtml } from './head';
import { notFoundMeta, pageMeta, postMeta, type SharedPost } from './meta';
import { dataPreloadLinks, fill, type Templates } from './templates';

export interface PageAnswer {
  status: 200 | 404;
  html: string;
}

export interface PagesServiceDeps {
  posts: Pick<PostsService, 'visible' | 'presentCards' | 'originFor'>;
  /** The built web app's HTML; null without a build (then only sitemap.xml and robots.txt answer). */
  templates: Templates | null;
}

const KNOWN = new Set(APP_PATHS);
/** What marks prerendered HTML for the browser to hydrate (scripts/prerender.mjs). */
const HYDRATE_MARK = '<div id="root" data-prerendered>';

/**
 * The HTML answers of the web app's pages (docs/decisions/0088): the prerendered page for its path
 * (hydrated only when nothing in the query changes its first render), else the shell; each
 * with its own head tags; a shared post's link with that post's preview; unknown paths 404.
 */
export function createPagesService({ posts, templates }: PagesServiceDeps) {
  /**
   * The post a shared link previews, counted against a guest's daily previews as the card the app
   * then shows (DECISIONS 29): past them, what its locked card says (title, type, region), no photo.
   */
  async function sharedPost(actor: Actor, id: string): Promise<SharedPost | null> {
    try {
      const card = await posts.visible(actor, id);
      const [shown] = await posts.presentCards(actor, [card], posts.originFor(), new Date());
      return shown!.locked ? { ...card.row, address: '', imageUrl: null } : card.row;
    } catch (error) {
      // An unknown, removed or hidden post, or no database for a moment (503): the site's own
      // card, as for any home page; the app then says what it can.
      if (error instanceof AppError) return null;
      throw error;
    }
  }

  return {
    /** Whether `path` is one of the app's pages (any other is its 404 screen). */
    isPage: (path: string) => KNOWN.has(path),

    /**
     * A page of the app at `path` with the query `search` ('' or '?…'), for `actor`, under
     * `origin`; the banners the device `dismissed` marked on its <html>, hidden before it paints.
     */
    async page(
      actor: Actor,
      origin: string,
      path: string,
      search: string,
      dismissed: readonly Dismissable[] = [],
    ): Promise<PageAnswer> {
      if (!templates) throw new Error('No web build to answer pages from');
      const query = new URLSearchParams(search);
      const postId = path === '/' ? query.get('post') : null;
      const post = postId ? await sharedPost(actor, postId) : null;
      const meta = post ? postMeta(origin, post) : pageMeta(origin, path);
      const prerendered = templates.prerendered.get(path);
      const screen = [templates.preloads.get(path), dataPreloadLinks(path)].filter(Boolean).join('\n  ');
      if (!prerendered) return { status: 200, html: fill(templates.shell, meta, undefined, screen) };
      const dialog = path === '/' ? homeDialog(query) : undefined;
      const preloads = [screen, dialog && templates.dialogPreloads.get(dialog)].filter(Boolean).join('\n  ');
      const filled = fill(prerendered, meta, undefined, preloads);
      const html = dismissed.length
        ? filled.replace('<html ', `<html data-dismissed="${dismissed.join(' ')}" `)
        : filled;
      // A query the page's first render reads (home's filters): the prerendered page is shown
      // until the app starts, then drawn anew, not hydrated (main.tsx).
      const drawnAnew = !hydratesWith(path, query);
      return { status: 200, html: drawnAnew ? html.replace(HYDRATE_MARK, '<div id="root">') : html };
    },

    /** The 404 screen for a path the app does not know, prerendered when the build has it. */
    notFound(path: string): PageAnswer {
      if (!templates) throw new Error('No web build to answer pages from');
      const prerendered = templates.prerendered.get(NOT_FOUND_MARK);
      return {
        status: 404,
        html: prerendered ? fill(prerendered, notFoundMeta(), path) : fill(templates.shell, notFoundMeta()),
      };
    },

    /** The public pages, for search engines: home, the local pages and plans (docs/decisions/0088: no posts). */
    sitemap(origin: string): string {
      const urls = ['/', ...LOCAL_AREAS.map((a) => `/${a.slug}`), '/subscribe'].map(
        (path) => `  <url><loc>${escapeHtml(`${origin}${path}`)}</loc></url>`,
      );
      return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
    },

    robots(origin: string): string {
      return [
        'User-agent: *',
        'Disallow: /api/',
        'Disallow: /admin',
        'Disallow: /marketing',
        '',
        `Sitemap: ${origin}/sitemap.xml`,
        '',
      ].join('\n');
    },
  };
}

export type PagesService = ReturnType<typeof createPagesService>;
