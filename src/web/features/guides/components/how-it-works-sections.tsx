import {
  Camera,
  HeartHandshake,
  ListFilter,
  Map,
  PiggyBank,
  Recycle,
  Search,
  ShieldCheck,
  Sprout,
  Tags,
  Users,
  type LucideIcon,
} from 'lucide-react';

interface Point {
  icon: LucideIcon;
  title: string;
  text: string;
}

type HowItWorksTopic = 'overview' | 'sharing' | 'finding' | 'benefits';

/** The four tabs of spec §2 dialog 2, in order. */
export const HOW_IT_WORKS: { topic: HowItWorksTopic; tab: string; intro: string; points: Point[] }[] = [
  {
    topic: 'overview',
    tab: 'Overview',
    intro:
      'Neighbours list fruit from their trees, firewood and wooden skids they no longer need. Everything listed is free: you find it, contact the owner and pick it up.',
    points: [
      { icon: Camera, title: '1. Post', text: 'Snap a photo and say what you have and where to collect it.' },
      { icon: Search, title: '2. Find', text: 'Browse fruit, firewood and skids near you, as a list or on a map.' },
      { icon: HeartHandshake, title: '3. Pick up', text: 'Agree on a time with the owner and collect it yourself.' },
    ],
  },
  {
    topic: 'sharing',
    tab: 'Sharing',
    intro: 'Got a tree full of plums, a pile of split logs or a stack of skids? Give them a second life.',
    points: [
      { icon: Sprout, title: 'Pick a type', text: 'Fresh Fruit, Firewood or Skids, each with its own tab.' },
      { icon: Camera, title: 'Describe it', text: 'A photo, how much there is, any season notes and a pickup address.' },
      {
        icon: Tags,
        title: 'Keep the status current',
        text: 'Available, Limited, Unavailable or Seasonal, so nobody makes a wasted trip.',
      },
    ],
  },
  {
    topic: 'finding',
    tab: 'Finding',
    intro: 'Find what is close by and still available.',
    points: [
      { icon: Search, title: 'Search', text: 'Look up an item, a description or a location.' },
      { icon: ListFilter, title: 'Filter', text: 'Narrow by status, amount, distance and region.' },
      { icon: Map, title: 'List or map', text: 'See posts as cards, or where they are on the map.' },
      {
        icon: ShieldCheck,
        title: 'Go safely',
        text: 'Message the owner first and read the Safety Guidelines before a pickup.',
      },
    ],
  },
  {
    topic: 'benefits',
    tab: 'Benefits',
    intro: 'Good food and good wood stay in use, close to home.',
    points: [
      { icon: Recycle, title: 'Less waste', text: 'Fruit gets eaten and wood gets burned or built with, not dumped.' },
      { icon: PiggyBank, title: 'Save money', text: 'Free produce, heating and project material.' },
      { icon: Users, title: 'Know your neighbours', text: 'Every pickup is a small local connection.' },
    ],
  },
];

export function PointList({ points }: { points: Point[] }) {
  return (
    <ul className="grid gap-3">
      {points.map(({ icon: Icon, title, text }) => (
        <li key={title} className="flex gap-3">
          <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-primary-soft text-primary">
            <Icon className="size-5" aria-hidden="true" />
          </span>
          <div>
            <p className="text-sm font-semibold">{title}</p>
            <p className="text-sm text-muted-foreground">{text}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
