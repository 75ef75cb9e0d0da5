import { useRef, useState } from 'react';
import { CreditCard, KeyRound, LogIn } from 'lucide-react';
import { PRODUCTS, usd } from '../../../../domain/payment-values';
import type { PostTypeValue } from '../../../../domain/post-values';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useSession } from '../../../lib/session-provider';
import { KindnessDialog } from './kindness-dialog';
import { OwnerTab } from './owner-tab';
import { PostingFeeTab } from './posting-fee-tab';
import { SignInTab } from './sign-in-tab';

interface PostAccessDialogProps {
  type: PostTypeValue;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Access was granted and the session holds it: the create form opens. */
  onGranted: () => void;
  /** Where signing in or registering comes back to, with the form open. */
  back: string;
}

/**
 * Spec §2 dialog 9 'Post Access Required' (§4 Create-post access, DECISIONS 4, 8): tabs Owner,
 * Pay $3 and Sign In, and 'Need Free Access?' for the Kindness Button. Shown to a guest who may
 * not post yet when posting is gated; any grant opens the form at once.
 */
export function PostAccessDialog({ type, open, onOpenChange, onGranted, back }: PostAccessDialogProps) {
  const { features } = useSession();
  const [kindnessOpen, setKindnessOpen] = useState(false);
  const granted = useRef(false);
  const grant = () => {
    granted.current = true;
    setKindnessOpen(false);
    onOpenChange(false);
    onGranted();
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="sm:max-w-md"
        onOpenAutoFocus={() => {
          granted.current = false;
        }}
        onCloseAutoFocus={(event) => {
          // The form opens in its place: focus is its to take.
          if (granted.current) event.preventDefault();
        }}
      >
        <DialogHeader>
          <DialogTitle>Post Access Required</DialogTitle>
          <DialogDescription>
            Sharing is free for members. Choose how you would like to post.
          </DialogDescription>
        </DialogHeader>
        <Tabs defaultValue="pay">
          <TabsList aria-label="Ways to get posting access" className="flex w-full">
            <TabsTrigger value="owner">
              <KeyRound aria-hidden="true" />
              Owner
            </TabsTrigger>
            <TabsTrigger value="pay">
              <CreditCard aria-hidden="true" />
              Pay {usd(PRODUCTS.posting.cents)}
            </TabsTrigger>
            <TabsTrigger value="signin">
              <LogIn aria-hidden="true" />
              Sign In
            </TabsTrigger>
          </TabsList>
          <TabsContent value="owner">
            <OwnerTab enabled={features.ownerAccess} onGranted={grant} />
          </TabsContent>
          <TabsContent value="pay">
            <PostingFeeTab type={type} onGranted={grant} onLeave={() => onOpenChange(false)} />
          </TabsContent>
          <TabsContent value="signin">
            <SignInTab back={back} />
          </TabsContent>
        </Tabs>
        <div className="flex flex-wrap items-center justify-center gap-x-1 border-t pt-4 text-sm text-muted-foreground">
          Can't pay right now?
          <KindnessDialog
            open={kindnessOpen}
            onOpenChange={setKindnessOpen}
            onGranted={grant}
            trigger={
              <Button variant="link" className="h-auto py-0">
                Need Free Access?
              </Button>
            }
          />
        </div>
      </DialogContent>
    </Dialog>
  );
}
