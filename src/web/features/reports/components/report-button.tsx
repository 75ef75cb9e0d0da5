import { Flag } from 'lucide-react';
import type { Post } from '../../../../domain/posts';
import { Button } from '../../../components/ui/button';
import { DeferredOpen } from '../../../components/ui/deferred-open';
import { lazyNamed } from '../../../lib/lazy';

const ReportDialog = lazyNamed(() => import('./report-dialog'), 'ReportDialog');

/** The card's flag (spec §2 Post card): opens 'Report This Post', loaded on first use. */
export function ReportButton({ post }: { post: Pick<Post, 'id' | 'title'> }) {
  return (
    <DeferredOpen
      trigger={
        <Button variant="ghost" size="icon" className="size-9 text-muted-foreground" aria-label={`Report post: ${post.title}`} title="Report post">
          <Flag aria-hidden="true" />
        </Button>
      }
      preload={ReportDialog.preload}
      render={(trigger) => <ReportDialog post={post} trigger={trigger} />}
    />
  );
}
