import { Suspense, useCallback, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { Page } from '../../components/layout/page';
import { PostAccessDialog, usePostingReturn } from '../../features/access';
import { areaFilter, CommunityCards, MemberSection } from '../../features/community';
import { InviteSection } from '../../features/referrals';
import {
  CreatePostDialog,
  emptyListHint,
  FilterBar,
  filterQuery,
  hasActiveFilters,
  MapAccessNote,
  PostsList,
  TypeTabs,
  UploadButton,
  usePost,
  usePostFilters,
  useViewerOrigin,
  ViewToggle,
  type HomeView,
} from '../../features/posts';
import { COMMENTS_OPEN_PARAM } from '../../../domain/post-values';
import { previewOnly } from '../../lib/session';
import { useSession } from '../../lib/session-provider';
import { trackSearch } from '../../lib/tracking/tracker';
import { HomeMap, HomeMemberDialog, HomePostDialog } from './home-lazy';
import { backWithForm, useCreateFlow } from './use-create-flow';

/** Spec §2 Home: tabs, filters, list or map, the create dialog and shared post links. */
export function Home() {
  const [params, setParams] = useSearchParams();
  const { filters, setFilters, clearFilters } = usePostFilters();
  // Every filter cleared (from the bar, the empty list or the map, whose buttons then leave):
  // focus goes to the search.
  const searchRef = useRef<HTMLInputElement>(null);
  const clearFiltersToSearch = () => {
    clearFilters();
    searchRef.current?.focus();
  };
  const origin = useViewerOrigin(filters.distance !== 'all');
  const query = filterQuery(filters, origin.near).toString();
  const view: HomeView = params.get('view') === 'map' ? 'map' : 'list';
  const sharedPostId = params.get('post');
  const memberId = params.get('member');
  const session = useSession();
  // `create=1`: back from registration, which a guest's Upload led to; the dialog opens again.
  const createLink = params.get('create') === '1';
  const create = useCreateFlow(createLink);
  // Back from the posting fee's checkout (spec §4): confirmed, the form opens.
  usePostingReturn(create.access.granted);
  const gated = previewOnly(session, new Date());

  const setParam = useCallback(
    (key: string, value: string | null) =>
      setParams(
        () => {
          const next = new URLSearchParams(window.location.search);
          // A notification's link opens its post's comments; opening or closing a post ends that.
          if (key === 'post') next.delete(COMMENTS_OPEN_PARAM);
          if (value === null) next.delete(key);
          else next.set(key, value);
          return next;
        },
        // Opening a post is a step Back undoes; closing it is not one Back would undo by reopening it.
        { replace: key !== 'post' || value === null },
      ),
    [setParams],
  );

  useEffect(() => {
    if (createLink && !session.isLoading) setParam('create', null);
  }, [createLink, session.isLoading, setParam]);

  // A shared link's post names the page while it is open, as the server's HTML of the link did;
  // arrived at one that names no type, the list behind it is of the post's type, once (0132):
  // from another site, and within the app too (a notification's link, 0147).
  const shared = usePost(sharedPostId, origin.near).data;
  const landedOn = useRef<string | null>(null);
  useEffect(() => {
    landedOn.current = params.has('type') ? null : sharedPostId;
  }, [params, sharedPostId]);
  useEffect(() => {
    if (!landedOn.current || shared?.id !== landedOn.current) return;
    landedOn.current = null;
    if (shared.type !== filters.type) setParam('type', shared.type);
  }, [sharedPostId, shared, filters.type, setParam]);

  // Searches reach the server after a 500 ms pause, longer than two characters, without identity (spec §9).
  useEffect(
    () => trackSearch(filters.q, filters.type, filters.region),
    [filters.q, filters.type, filters.region],
  );

  return (
    <Page
      documentTitle={sharedPostId ? shared?.title : undefined}
      eyebrow="Toronto and beyond"
      title="Free fruit, firewood and skids from your neighbours"
      description="Fruit from backyard trees, split logs and wooden skids that would otherwise go to waste. Find something near you and pick it up for free."
    >
      <div className="grid grid-cols-1 gap-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <TypeTabs current={filters.type} />
          <UploadButton
            onClick={create.open}
            blocked={create.blocked}
            onPointerEnter={() => {
              CreatePostDialog.preload();
              if (!session.user) PostAccessDialog.preload();
            }}
          />
        </div>
        <CommunityCards
          type={filters.type}
          filters={filters}
          onArea={(area, active) => setFilters(active ? { region: 'all', q: '' } : areaFilter(area))}
          onOpenPost={(id) => setParam('post', id)}
          onShare={create.open}
        />
        <InviteSection />
        <MemberSection />
        <FilterBar
          filters={filters}
          origin={origin}
          onChange={setFilters}
          onClearAll={clearFiltersToSearch}
          searchRef={searchRef}
        />
        <div className="flex justify-end">
          <ViewToggle view={view} onChange={(next) => setParam('view', next === 'map' ? 'map' : null)} />
        </div>
        {view === 'list' ? (
          <PostsList
            type={filters.type}
            query={query}
            filteredHint={emptyListHint(filters)}
            onAdd={create.open}
            onClearFilters={clearFiltersToSearch}
          />
        ) : (
          <>
            {gated && <MapAccessNote />}
            <HomeMap
              query={query}
              gated={gated}
              onViewDetails={(id) => setParam('post', id)}
              onClearFilters={hasActiveFilters(filters) ? clearFiltersToSearch : undefined}
            />
          </>
        )}
      </div>
      {create.access.requested && (
        <Suspense fallback={null}>
          <PostAccessDialog
            type={filters.type}
            open={create.access.isOpen}
            onOpenChange={create.access.setOpen}
            onGranted={create.access.granted}
            back={backWithForm(filters.type)}
          />
        </Suspense>
      )}
      {create.requested && (
        <Suspense fallback={null}>
          <CreatePostDialog type={filters.type} open={create.isOpen} onOpenChange={create.setOpen} />
        </Suspense>
      )}
      {sharedPostId && (
        <HomePostDialog
          postId={sharedPostId}
          near={origin.near}
          comments={
            params.get(COMMENTS_OPEN_PARAM) === '1' ? { onClose: () => setParam(COMMENTS_OPEN_PARAM, null) } : undefined
          }
          onClose={() => setParam('post', null)}
        />
      )}
      {memberId && <HomeMemberDialog userId={memberId} onClose={() => setParam('member', null)} />}
    </Page>
  );
}
