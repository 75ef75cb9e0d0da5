import { useEffect, useId, useRef, useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { titled } from '../../../domain/payment-values';
import { COPIED_MS, REFERRAL_MESSAGES } from '../../../domain/referral-values';
import { Button } from './button';
import { Input } from './input';
import { Label } from './label';
import { toast } from './use-toast';

const COPY_FAILED = titled(REFERRAL_MESSAGES.copyFailed);

/**
 * A link with a copy button (spec §4 Invite; the campaign links of /marketing): copied, the button shows a check for 2 s
 * and 'Link copied!'; refused, 'Copy failed - Please copy the link manually.' and the link is
 * selected for them.
 */
export function CopyLink({ link, label = 'Your referral link' }: { link: string; label?: string }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      toast({ title: REFERRAL_MESSAGES.copied });
    } catch {
      toast({ variant: 'destructive', ...COPY_FAILED });
      input.current?.select();
    }
  };

  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          ref={input}
          readOnly
          value={link}
          onFocus={(event) => event.currentTarget.select()}
          className="font-mono text-sm sm:text-sm"
        />
        <Button
          variant="outline"
          size="icon"
          className="size-11"
          onClick={() => void copy()}
          aria-label={copied ? 'Link copied' : 'Copy link'}
        >
          {copied ? <Check className="text-primary" aria-hidden="true" /> : <Copy aria-hidden="true" />}
        </Button>
      </div>
    </div>
  );
}
