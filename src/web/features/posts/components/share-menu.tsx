import type { ReactElement } from 'react';
import { Copy, Share2 } from 'lucide-react';
import { shareLink } from '../../../../domain/post-values';
import type { Post } from '../../../../domain/posts';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { toast } from '../../../components/ui/use-toast';
import { useSession } from '../../../lib/session-provider';
import { FacebookIcon, InstagramIcon, XIcon } from './brand-icons';

async function copy(link: string, title = 'Link copied!', description?: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(link);
    toast({ title, description });
    return true;
  } catch {
    toast({ variant: 'destructive', title: 'Copy failed', description: 'Please copy the link manually.' });
    return false;
  }
}

const openWindow = (url: string) => window.open(url, '_blank', 'noopener,noreferrer');

/**
 * Spec §2.7 and §9: native share, Instagram story, Twitter, Facebook, Copy Link, and follow on
 * Instagram when the server has the product's account (INSTAGRAM_URL, docs/decisions/0073).
 */
export function ShareMenu({ post, trigger }: { post: Post; trigger: ReactElement }) {
  const instagram = useSession().links.instagram;
  const link = shareLink(window.location.origin, post.id);
  // Title and link only: the street address stays on the site, behind the viewing gate (privacy).
  const text = `Free ${post.type}: ${post.title}`;
  const canShare = typeof navigator.share === 'function';

  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {canShare && (
          <DropdownMenuItem
            onSelect={() =>
              void navigator.share({ title: post.title, text, url: link }).catch(() => undefined)
            }
          >
            <Share2 aria-hidden="true" />
            Share with Friends
          </DropdownMenuItem>
        )}
        <DropdownMenuItem
          onSelect={() =>
            void copy(link, 'Link copied!', 'Paste it into a link sticker on your Instagram story.').then(
              (ok) => ok && openWindow('https://www.instagram.com/'),
            )
          }
        >
          <InstagramIcon />
          Share on Instagram Story
        </DropdownMenuItem>
        <DropdownMenuItem
          onSelect={() =>
            openWindow(`https://twitter.com/intent/tweet?${new URLSearchParams({ text, url: link })}`)
          }
        >
          <XIcon />
          Share on Twitter
        </DropdownMenuItem>
        <DropdownMenuItem
          onSelect={() =>
            openWindow(`https://www.facebook.com/sharer/sharer.php?${new URLSearchParams({ u: link })}`)
          }
        >
          <FacebookIcon />
          Share on Facebook
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void copy(link)}>
          <Copy aria-hidden="true" />
          Copy Link
        </DropdownMenuItem>
        {instagram && (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem asChild>
              <a href={instagram} target="_blank" rel="noopener noreferrer">
                <InstagramIcon />
                Follow us on Instagram
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            </DropdownMenuItem>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
