import { useState } from 'react';
import type { CaseFilter } from '../../../../domain/admin';
import { LoadMore } from '../../../components/ui/load-more';
import { useCases } from '../api/get-lists';
import { CaseCard } from './case-card';
import { FilterSelect, ListState } from './list-frame';

const FILTERS = [
  ['pending', 'Pending'],
  ['resolved', 'Resolved'],
  ['dismissed', 'Dismissed'],
  ['all', 'All'],
] as const satisfies ReadonlyArray<readonly [CaseFilter, string]>;

const EMPTY: Record<CaseFilter, string> = {
  pending: 'No reports are waiting. Thank you for keeping the community safe.',
  resolved: 'No resolved reports yet.',
  dismissed: 'No dismissed reports yet.',
  all: 'No post has been reported yet.',
};

/** 'Post Reports' (spec §2 Admin): one case per post, oldest pending first, by status, a page at a time. */
export function ReportsTab() {
  const [status, setStatus] = useState<CaseFilter>('pending');
  const cases = useCases(status);
  const items = cases.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <div className="grid gap-4">
      <FilterSelect label="Show" value={status} options={FILTERS} onChange={setStatus} />
      <ListState query={cases} ids={items.map((c) => c.postId)} empty={items.length === 0} what="reports" emptyText={EMPTY[status]}>
        <div className="grid gap-4">
          {items.map((item) => (
            <CaseCard key={item.postId} item={item} />
          ))}
          <LoadMore onLoadMore={() => void cases.fetchNextPage()} loading={cases.isFetchingNextPage} more={cases.hasNextPage} />
        </div>
      </ListState>
    </div>
  );
}
