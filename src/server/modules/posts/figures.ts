import { isUuid } from '../../../domain/ids';
import { areaOf, REGION_LABELS, type PostTypeValue } from '../../../domain/post-values';
import { isListed } from './filters';
import type { PostsReadModel } from './read-model/index';
import type { PostsRepository } from './repository';

/**
 * What other areas count of the posts (the home page's figures, a member's impact; docs/decisions/0086),
 * always over the posts anyone may see listed: hidden, removed and suspended owners' ones are left out as lists leave them out.
 */
export function createPostFigures(repo: PostsRepository, readModel: PostsReadModel) {
  return {
    /** Posts up, and those given away (status unavailable). */
    figures: () => repo.figures(),

    /** Areas with the most posts shared over the last `days` (a town or a region, never a street). */
    popularAreas: (days: number, limit: number) => repo.popularAreas(days, limit, REGION_LABELS),

    /** A member's posts up and what their impact is worked out from. */
    impactOf: (userId: string) => repo.impactOf(userId, REGION_LABELS),

    /** The newest posts of a type anyone may see listed, with their area (never the street). */
    async newestOfType(type: PostTypeValue, limit: number): Promise<Array<{ id: string; title: string; area: string }>> {
      const rows = await repo.newestOfType(type, limit);
      return rows.map((r) => ({ id: r.id, title: r.title, area: areaOf(r.address, r.region) }));
    },

    /** Title, type, area and owner of the posts among `ids` that anyone may see listed, in that order. */
    async summaries(ids: readonly string[]): Promise<Array<{ id: string; title: string; type: PostTypeValue; area: string; ownerId: string | null }>> {
      const cards = await readModel.cards.get(ids.filter(isUuid));
      return cards
        .filter((c) => isListed(c.row))
        .map((c) => ({ id: c.row.id, title: c.row.title, type: c.row.type, area: areaOf(c.row.address, c.row.region), ownerId: c.row.userId }));
    },
  };
}
