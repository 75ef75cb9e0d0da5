import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { PostTypeValue } from '../../../domain/post-values';
import { Page } from '../../components/layout/page';
import { toast } from '../../components/ui/use-toast';
import {
  TypeTabs,
  UploadButton,
  ViewToggle,
  type HomeView,
} from '../../features/posts/components/home-controls';
import { MapAccessNote } from '../../features/posts/components/list-states';
import { PostsList } from '../../features/posts/components/posts-list';
import { FilterBar } from '../../features/posts/filters/filter-bar';
import { emptyListHint, filterQuery, hasActiveFilters } from '../../features/posts/filters/filter-values';
import { usePostFilters } from '../../features/posts/filters/use-post-filters';
import { useViewerOrigin } from '../../features/posts/filters/viewer-origin';
import { isPreviewOnly, usePostsViewer } from '../../features/posts/viewer';
import { CreatePostDialog, HomeMap, HomePostDialog } from './home-lazy';

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
  const viewer = usePostsViewer();
  // `create=1`: back from registration, which a guest's Upload led to; the dialog opens again.
  const createLink = params.get('create') === '1';
  const create = useCreateFlow(filters.type, createLink);
  const gated = isPreviewOnly(viewer);

  const setParam = useCallback(
    (key: string, value: string | null) =>
      setParams(
        () => {
          const next = new URLSearchParams(window.location.search);
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
    if (createLink && !viewer.isLoading) setParam('create', null);
  }, [createLink, viewer.isLoading, setParam]);

  return (
    <Page
      eyebrow="Toronto and beyond"
      title="Free fruit, firewood and skids from your neighbours"
      description="Fruit from backyard trees, split logs and wooden skids that would otherwise go to waste. Find something near you and pick it up for free."
    >
      <div className="grid grid-cols-1 gap-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <TypeTabs current={filters.type} />
          <UploadButton onClick={create.open} onPointerEnter={CreatePostDialog.preload} />
        </div>
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
      {create.requested && (
        <Suspense fallback={null}>
          <CreatePostDialog type={filters.type} open={create.isOpen} onOpenChange={create.setOpen} />
        </Suspense>
      )}
      {sharedPostId && (
        <HomePostDialog postId={sharedPostId} near={origin.near} onClose={() => setParam('post', null)} />
      )}
    </Page>
  );
}

/**
 * Opening the create dialog. Posting needs an account for now (DECISIONS 8, gated): a guest is sent
 * to registration with a word of explanation, until the access dialog arrives, and comes back to
 * the open dialog. A click before the session's answer has come waits for it: a member is not
 * taken for a guest. `fromLink`: the address asks for the dialog (`create=1`), for members only.
 */
function useCreateFlow(type: PostTypeValue, fromLink: boolean) {
  const viewer = usePostsViewer();
  const navigate = useNavigate();
  const [wanted, setWanted] = useState(false);
  const [toRegister, setToRegister] = useState(false);
  const [requested, setRequested] = useState(false);
  const [isOpen, setOpen] = useState(false);
  const [linkSeen, setLinkSeen] = useState(false);
  if (fromLink !== linkSeen && !viewer.isLoading) {
    setLinkSeen(fromLink);
    if (fromLink && viewer.userId) setWanted(true);
  }
  if (wanted && !viewer.isLoading) {
    setWanted(false);
    if (viewer.userId) {
      setRequested(true);
      setOpen(true);
    } else setToRegister(true);
  }
  useEffect(() => {
    if (!toRegister) return;
    toast({
      title: 'Create a free account to post',
      description: 'It takes a minute, and sharing stays free.',
    });
    // Back to this view (tab, filters, list or map) with the form open.
    const back = new URLSearchParams(window.location.search);
    back.set('type', type);
    back.set('create', '1');
    back.delete('post');
    navigate(`/register?redirect=${encodeURIComponent(`/?${back}`)}`);
  }, [toRegister, navigate, type]);
  return { requested, isOpen, setOpen, open: () => setWanted(true) };
}
