import type { FastifyRequest } from 'fastify';
import { LIMITS } from '../../../domain/limits';
import type { AccessService } from '../access/service';
import type { AuthService } from '../auth/service';
import type { Viewer } from './present';

export interface ViewerInfo extends Viewer {
  /** The member's username (the default owner name of a new post); null for guests. */
  username: string | null;
}

export const GUEST: ViewerInfo = { userId: null, sessionId: null, isAdmin: false, canView: false, username: null };

/**
 * Who is asking, from the session only (DECISIONS 1): user, admin flag (from the users table and
 * ADMIN_EMAILS, through the auth service) and full viewing access (through the access service).
 * Read once per request.
 */
export function createViewerResolver(deps: { auth: AuthService; access: AccessService }) {
  const seen = new WeakMap<FastifyRequest, Promise<ViewerInfo>>();

  async function resolve(request: FastifyRequest): Promise<ViewerInfo> {
    const session = request.session;
    const user = session?.userId ? await deps.auth.currentUser(session.userId).catch(() => null) : null;
    const isAdmin = user ? deps.auth.isAdmin(user) : false;
    return {
      userId: user?.id ?? null,
      sessionId: session?.id ?? null,
      isAdmin,
      canView: await deps.access.canView(request, isAdmin),
      username: user?.username ?? null,
    };
  }

  return function viewerOf(request: FastifyRequest): Promise<ViewerInfo> {
    let found = seen.get(request);
    if (!found) {
      found = resolve(request);
      seen.set(request, found);
    }
    return found;
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
