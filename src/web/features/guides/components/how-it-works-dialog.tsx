import type { ReactNode } from 'react';
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
import { HOW_IT_WORKS, PointList } from './how-it-works-sections';
import { PricingSummary } from './pricing-summary';

/** Spec §2 dialog 2: four tabs and the pricing of spec §1. */
export function HowItWorksDialog({ trigger, defaultOpen }: { trigger: ReactNode; defaultOpen?: boolean }) {
  return (
    <Dialog defaultOpen={defaultOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>How it Works</DialogTitle>
          <DialogDescription>Free fruit, firewood and skids, shared between neighbours.</DialogDescription>
        </DialogHeader>
        <Tabs defaultValue="overview">
          {/* Two by two on phones: in one row the four names are wider than the dialog, and widen it past the screen. */}
          <TabsList className="grid h-auto w-full grid-cols-2 sm:grid-cols-4">
            {HOW_IT_WORKS.map(({ topic, tab }) => (
              <TabsTrigger key={topic} value={topic}>
                {tab}
              </TabsTrigger>
            ))}
          </TabsList>
          {HOW_IT_WORKS.map(({ topic, intro, points }) => (
            <TabsContent key={topic} value={topic} className="grid gap-4">
              <p className="text-sm leading-relaxed">{intro}</p>
              <PointList points={points} />
              {topic === 'overview' && <PricingSummary />}
            </TabsContent>
          ))}
        </Tabs>
        <DialogFooter>
          <DialogClose asChild>
            <Button>Start Exploring</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
