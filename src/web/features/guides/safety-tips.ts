import { Apple, Flame, MessageCircle, ShieldAlert, ShieldCheck, type LucideIcon } from 'lucide-react';

export type SafetyTopic = 'general' | 'fruit' | 'firewood' | 'communication' | 'red-flags';

interface SafetySection {
  topic: SafetyTopic;
  tab: string;
  heading: string;
  icon: LucideIcon;
  tips: string[];
}

/** Static advice of spec §2 dialog 1, one section per tab. */
export const SAFETY_SECTIONS: SafetySection[] = [
  {
    topic: 'general',
    tab: 'General',
    heading: 'Every pickup',
    icon: ShieldCheck,
    tips: [
      'Meet in a public place when you can, such as a park, library or store parking lot.',
      'Bring a friend along, especially the first time you meet someone.',
      'Arrange pickups in daylight.',
      'Trust your instincts. If something feels off, cancel: no free item is worth the risk.',
      'Tell someone where you are going, who you are meeting and when you expect to be back.',
    ],
  },
  {
    topic: 'fruit',
    tab: 'Fruit',
    heading: 'Picking fruit',
    icon: Apple,
    tips: [
      'Only pick from trees the poster owns or has permission to share. Ask before stepping onto a yard.',
      'Agree which tree, which branches and which side of the fence are yours to pick.',
      'Bring your own bags or boxes, and a ladder only if the owner is happy with it.',
      'Wash fruit before eating it, and ask whether the tree has been sprayed.',
      'Leave the yard as you found it and pick up any fallen fruit you knock down.',
    ],
  },
  {
    topic: 'firewood',
    tab: 'Firewood',
    heading: 'Firewood and skids',
    icon: Flame,
    tips: [
      'Inspect wood before loading it: rot, mould, small holes or fine sawdust can mean insects.',
      'Keep firewood local. Moving it long distances can spread invasive insects.',
      'Never burn painted, stained or pressure-treated wood.',
      'On skids, look for the stamp: HT means heat-treated. Do not burn skids stamped MB (methyl bromide).',
      'Wear gloves, lift with your legs and stay within your vehicle’s load limit.',
    ],
  },
  {
    topic: 'communication',
    tab: 'Chat',
    heading: 'Talking to neighbours',
    icon: MessageCircle,
    tips: [
      'Keep the conversation on the platform until you are comfortable; it keeps a record.',
      'Share your home address and phone number only when you need to.',
      'Confirm the time, the place and the amount in writing before you go.',
      'Be clear and polite, and say so early if your plans change.',
    ],
  },
  {
    topic: 'red-flags',
    tab: 'Red Flags',
    heading: 'Red flags',
    icon: ShieldAlert,
    tips: [
      'Anyone asking for money, a deposit or gift cards for something listed as free.',
      'Pressure to move to another app or to share personal details right away.',
      'A last-minute change to a late hour or an isolated place.',
      'Links that ask you to sign in or “verify” your account somewhere else.',
      'A story that keeps changing. If you see a red flag, stop replying and report the post.',
    ],
  },
];
