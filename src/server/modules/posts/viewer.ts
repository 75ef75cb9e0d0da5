import type { FastifyRequest } from 'fastify';
import { LIMITS } from '../../../domain/limits';
import type { AccessService } from '../access/service';
import type { Viewer } from './present';

export interface ViewerInfo extends Viewer {
  /** The member's username (the default owner name of a new post); null for guests. */
  username: string | null;
}

export const GUEST: ViewerInfo = { userId: null, sessionId: null, isAdmin: false, canView: false, username: null };

/**
 * Who is asking, from the request's caller only (DECISIONS 1; resolved once per request by the
 * session plugin): user, admin flag and full viewing access (through the access service).
 */
export function createViewerResolver(deps: { access: AccessService }) {
  return function viewerOf(request: FastifyRequest, now = new Date()): ViewerInfo {
    const caller = request.caller;
    if (!caller) return GUEST;
    return {
      userId: caller.userId,
      sessionId: caller.sessionId,
      isAdmin: caller.user?.isAdmin ?? false,
      canView: deps.access.canView(caller, now),
      username: caller.user?.username ?? null,
    };
  };
}

export type ViewerOf = ReturnType<typeof createViewerResolver>;

/**
 * The viewing gate (DECISIONS 7), in one place for the list and the map: a viewer without full
 * access gets only the first post of the filtered list (no further pages); others get what they
 * asked for. The filtered total is reported either way.
 */
export function gatedPage<P extends { limit: number; cursor?: string | undefined }>(viewer: Pick<Viewer, 'canView'>, page: P): P & { gated: boolean } {
  if (viewer.canView) return { ...page, gated: false };
  return { ...page, limit: LIMITS.freePreviewPosts, cursor: undefined, gated: true };
}
