import { Link } from 'react-router';
import { Lock, Plus, SearchX } from 'lucide-react';
import { KINDNESS } from '../../../../domain/access';
import { LIMITS } from '../../../../domain/limits';
import { PRODUCTS, usd } from '../../../../domain/payment-values';
import { isMember } from '../../../../domain/policy';
import type { PostTypeValue } from '../../../../domain/post-values';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TypeArt } from '../../../components/ui/type-art';
import { countOf, shownCount, type CountAccuracy } from '../../../lib/count';
import { trialEnded } from '../../../lib/session';
import { useSession } from '../../../lib/session-provider';
import { useRegisterPath } from '../../../lib/sign-in';
import { cn } from '../../../lib/utils';

const NOUN: Record<PostTypeValue, string> = { fruit: 'fruit', firewood: 'firewood', skids: 'skids' };

interface EmptyStateProps {
  type: PostTypeValue;
  /** With filters on, what to try instead (filter-values.ts emptyListHint); null without filters. */
  filteredHint: string | null;
  onAdd: () => void;
  onClearFilters: () => void;
}

/** What an empty list says first: the empty state's heading, and what the list's live region reads out. */
export const emptyTitle = (type: PostTypeValue, filtered: boolean) =>
  filtered ? `No ${NOUN[type]} posts match these filters` : `No ${NOUN[type]} posts yet`;

/** 'No {type} posts yet' with an add button; with filters on, a way back to every post. */
export function EmptyState({ type, filteredHint, onAdd, onClearFilters }: EmptyStateProps) {
  const filtered = filteredHint !== null;
  return (
    <Card className="grid place-items-center gap-3 border-dashed px-6 py-14 text-center">
      {filtered ? <SearchX className="size-12 text-muted-foreground" aria-hidden="true" /> : <TypeArt type={type} decorative />}
      <h2 className="text-lg font-semibold">{emptyTitle(type, filtered)}</h2>
      <p className="max-w-md text-sm text-muted-foreground">
        {filteredHint ?? 'Have some to give away? Be the first to share it with your neighbours.'}
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        {filtered && (
          <Button variant="outline" onClick={onClearFilters}>
            Clear All Filters
          </Button>
        )}
        <Button onClick={onAdd}>
          <Plus aria-hidden="true" />
          Add a post
        </Button>
      </div>
    </Card>
  );
}

interface AccessCardProps {
  /** The tab's type; none on a page of every type (a local page). */
  type?: PostTypeValue;
  /** Posts the viewer cannot see yet; 0 when nothing matches at all. */
  hidden: number;
  /** Of the server's total: exact or estimated ('about 12,000'). */
  accuracy: CountAccuracy;
}

/**
 * What the preview card says under its heading: the posts still to see, after a member's trial that
 * has ended (0150); a trial is offered to a guest only.
 */
export function accessCardText(
  { type, hidden, accuracy }: AccessCardProps,
  viewer: AccessViewer,
): string {
  const ended = viewer.trialEnded ? `Your ${LIMITS.trialDays}-day trial has ended. ` : '';
  if (hidden === 0) return `${ended}Get access to browse every post${viewer.member ? '' : ', or start a free trial'}.`;
  const more = countOf(hidden, type ? `more ${NOUN[type]} post` : 'more post', accuracy);
  return `${ended}There ${shownCount(hidden, accuracy) === 1 ? 'is' : 'are'} ${more} waiting. Get access to see them all.`;
}

interface AccessViewer {
  member: boolean;
  trialEnded: boolean;
}

function useAccessViewer(): AccessViewer {
  const { actor } = useSession();
  return { member: isMember(actor), trialEnded: trialEnded(actor, new Date()) };
}

/** Spec §2: "That's your free preview!" with the count of further posts, or the access choice when none is visible. */
export function AccessCard(props: AccessCardProps) {
  const text = accessCardText(props, useAccessViewer());
  return (
    <Card className="grid content-center gap-4 border-2 border-primary/30 bg-primary-soft/60 p-4 text-center sm:col-span-1 sm:p-6">
      <span className="mx-auto grid size-12 place-items-center rounded-2xl bg-card text-primary shadow-sm">
        <Lock className="size-6" aria-hidden="true" />
      </span>
      <div className="grid gap-1.5">
        <h2 className="text-xl font-bold">
          {props.hidden > 0 ? "That's your free preview!" : 'See every post near you'}
        </h2>
        <p className="text-sm text-muted-foreground">{text}</p>
      </div>
      <AccessButtons />
    </Card>
  );
}

/**
 * Under an empty list, for a viewer without viewing access (docs/decisions/0107): nothing matched,
 * so the list says that first; the ways to every post follow, as a note rather than a card.
 */
export function AccessNote() {
  const text = accessCardText({ hidden: 0, accuracy: 'exact' }, useAccessViewer());
  return (
    <Card className="grid gap-3 p-4 sm:grid-cols-[1fr_auto] sm:items-center">
      <p className="text-sm">
        <span className="font-semibold">See every post near you.</span> {text}
      </p>
      <AccessButtons compact className="items-center sm:grid-cols-3" />
    </Card>
  );
}

/**
 * Above the map for a viewer without viewing access (docs/decisions/0031): the bubbles split no
 * finer than zoom 11, and this says why and what opens them.
 */
export function MapAccessNote() {
  return (
    <Card className="grid grid-cols-[auto_1fr] items-center gap-3 border-2 border-primary/30 bg-primary-soft/60 p-3 sm:p-4">
      <span className="grid size-10 place-items-center rounded-xl bg-card text-primary shadow-sm">
        <Lock className="size-5" aria-hidden="true" />
      </span>
      <p className="text-sm">
        <span className="font-semibold">The bubbles show roughly where posts are.</span> Get access to see each post on
        the map.
      </p>
      <AccessButtons compact className="col-span-2 items-center sm:grid-cols-3" />
    </Card>
  );
}

/**
 * The ways to full access (spec §2 preview card): the day pass, lifetime, or the free trial.
 * Compact: buttons of the default height, for a note rather than a card.
 */
export function AccessButtons({ className, compact = false }: { className?: string; compact?: boolean }) {
  const size = compact ? 'default' : 'lg';
  // Large ones keep to the width of a 320 px phone's card.
  const room = compact ? undefined : 'px-4 sm:px-6';
  const signedIn = isMember(useSession().actor);
  const register = useRegisterPath();
  return (
    <div className={cn('grid gap-2', className)}>
      <Button asChild size={size} className={room}>
        <Link to="/subscribe?plan=day">24-hour pass · {usd(PRODUCTS.day.cents)}</Link>
      </Button>
      <Button asChild variant="accent" size={size} className={room}>
        <Link to="/subscribe?plan=lifetime">Lifetime access · {usd(PRODUCTS.lifetime.cents)}</Link>
      </Button>
      {/* The trial starts with an account: a member who has one is offered the free grant instead. */}
      {/* Wraps on a narrow phone rather than run out of the card. */}
      <Button asChild variant="link" className="h-auto min-h-10 whitespace-normal">
        {signedIn ? (
          <Link to="/subscribe?plan=kindness">or take {KINDNESS.hours} hours free: the Kindness Button</Link>
        ) : (
          <Link to={register}>or start a free {LIMITS.trialDays}-day trial</Link>
        )}
      </Button>
    </div>
  );
}
