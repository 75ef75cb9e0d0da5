import type { ReactNode } from 'react';
import { Check, TriangleAlert } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { SAFETY_SECTIONS, type SafetyTopic } from '../safety-tips';

interface SafetyGuidelinesDialogProps {
  /** The element that opens the dialog. */
  trigger: ReactNode;
  /** The tab shown first, e.g. the one matching a post's type. */
  topic?: SafetyTopic;
  /** Opens at once when mounted (the header loads the dialog on first click). */
  defaultOpen?: boolean;
}

export function SafetyGuidelinesDialog({ trigger, topic = 'general', defaultOpen }: SafetyGuidelinesDialogProps) {
  return (
    <Dialog defaultOpen={defaultOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Safety Guidelines</DialogTitle>
          <DialogDescription>Simple habits that keep sharing with neighbours safe and friendly.</DialogDescription>
        </DialogHeader>
        <Tabs defaultValue={topic}>
          <TabsList className="grid h-auto w-full grid-cols-3 sm:grid-cols-5">
            {SAFETY_SECTIONS.map((section) => (
              <TabsTrigger key={section.topic} value={section.topic}>
                {section.tab}
              </TabsTrigger>
            ))}
          </TabsList>
          {SAFETY_SECTIONS.map(({ topic: value, heading, icon: Icon, tips }) => {
            const Bullet = value === 'red-flags' ? TriangleAlert : Check;
            return (
            <TabsContent key={value} value={value} className="rounded-xl border bg-background p-4">
              <h3 className="flex items-center gap-2 font-semibold">
                <Icon className="size-5 text-primary" aria-hidden="true" />
                {heading}
              </h3>
              <ul className="mt-3 grid gap-2.5 text-sm">
                {tips.map((tip) => (
                  <li key={tip} className="flex gap-2.5">
                    <Bullet className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                    <span>{tip}</span>
                  </li>
                ))}
              </ul>
            </TabsContent>
            );
          })}
        </Tabs>
        <DialogFooter>
          <DialogClose asChild>
            <Button>Got it</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
