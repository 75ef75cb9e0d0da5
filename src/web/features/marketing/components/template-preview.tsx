import { AUDIENCES, CHANNELS, templateFor, type Audience, type Channel } from '../../../../domain/marketing';
import { POST_TYPE_TABS } from '../../../../domain/post-values';
import { Skeleton } from '../../../components/ui/skeleton';
import { useMarketingPreview } from '../api/get-marketing';

/** The template preview, filled with the newest real posts of the audience's type and the campaign link. */
export function TemplatePreview({
  audience,
  channel,
  link,
}: {
  audience: Audience;
  channel: Channel;
  link: string | null;
}) {
  const preview = useMarketingPreview(audience);
  if (!preview.data) return <Skeleton className="h-56" />;
  const message = templateFor(audience, channel, preview.data.posts, link ?? '[campaign link]');
  return (
    <figure className="grid min-w-0 gap-2 rounded-xl border bg-card p-4 wrap-anywhere">
      <figcaption className="text-xs text-muted-foreground">
        {captionOf(audience, channel, preview.data.posts.length)}
      </figcaption>
      {message.subject && (
        <p className="text-sm">
          <span className="font-semibold">Subject:</span> {message.subject}
        </p>
      )}
      <p className="text-sm whitespace-pre-wrap">{message.body}</p>
    </figure>
  );
}

/** What the preview shows: the channel, the audience and how many real posts fill it. */
export function captionOf(audience: Audience, channel: Channel, posts: number): string {
  const type = POST_TYPE_TABS[AUDIENCES[audience].type].toLowerCase();
  const filled =
    posts === 0
      ? `no ${type} posts up yet`
      : `the ${posts === 1 ? 'newest' : `${posts} newest`} ${type} ${posts === 1 ? 'post' : 'posts'}`;
  return `${CHANNELS[channel].label} to ${AUDIENCES[audience].label}, with ${filled}`;
}
