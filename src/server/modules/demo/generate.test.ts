import { describe, expect, it } from 'vitest';
import { PUBLIC_OFFSET_METRES, haversineMiles } from '../../../domain/geo';
import {
  AMOUNT_WORDS,
  POST_STATUSES,
  POST_TYPES,
  PostFields,
  REGIONS,
  regionFor,
} from '../../../domain/posts';
import { DEMO_POST_COUNT, demoPosts, generatePost, postBatches, seededRandom } from './generate';
import { OFFERS } from './catalog';
import { PLACES } from './places';

const NOW = new Date('2026-06-01T12:00:00Z');
const posts = [...postBatches(5000, { seed: 7, now: NOW, batchSize: 1000 })].flat();
const share = (keep: (p: (typeof posts)[number]) => boolean) => posts.filter(keep).length / posts.length;
const METRES_PER_MILE = 1609.344;

describe('generated load-test posts', () => {
  it('are the same for the same seed, in batches of the asked size', () => {
    const again = [...postBatches(5000, { seed: 7, now: NOW, batchSize: 1000 })];
    expect(again.map((b) => b.length)).toEqual([1000, 1000, 1000, 1000, 1000]);
    expect(again.flat()).toEqual(posts);
    expect([...postBatches(10, { seed: 8, now: NOW, batchSize: 4 })].flat()).not.toEqual(posts.slice(0, 10));
  });

  it('are posted over the last year in the order of their times, as a live database receives them', () => {
    const times = posts.map((p) => p.createdAt.getTime());
    expect(times.every((t, i) => i === 0 || t > times[i - 1]!)).toBe(true);
    expect(NOW.getTime() - times[0]!).toBeGreaterThan(364 * 86_400_000);
    expect(times.at(-1)!).toBeLessThanOrEqual(NOW.getTime());
  });

  it('pass the post form rules', () => {
    for (const p of posts.slice(0, 500)) {
      // The form leaves out what the poster left empty.
      const parsed = PostFields.safeParse(
        Object.fromEntries(Object.entries(p).filter(([, v]) => v !== null)),
      );
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    }
  });

  it('cover every type and status, mostly around Toronto', () => {
    expect(new Set(posts.map((p) => p.type))).toEqual(new Set(POST_TYPES));
    expect(new Set(posts.map((p) => p.status))).toEqual(new Set(POST_STATUSES));
    expect(share((p) => p.status === 'available')).toBeGreaterThan(0.45);
    expect(share((p) => p.latitude !== null && p.latitude < 44)).toBeGreaterThan(0.6);
  });

  it('hit every region and every amount filter, and leave about 5% without coordinates', () => {
    for (const region of REGIONS)
      expect(
        share((p) => p.region === region),
        region,
      ).toBeGreaterThan(0.02);
    for (const [amount, words] of Object.entries(AMOUNT_WORDS)) {
      expect(
        share((p) => words.some((w) => p.quantity.toLowerCase().includes(w))),
        amount,
      ).toBeGreaterThan(0.1);
    }
    expect(share((p) => p.latitude === null)).toBeGreaterThan(0.03);
    expect(share((p) => p.latitude === null)).toBeLessThan(0.07);
    expect(posts.every((p) => (p.latitude === null) === (p.publicLatitude === null))).toBe(true);
  });

  it('keep the public point 300-600 m from the spot unless the exact spot is shown', () => {
    for (const p of posts.filter((q) => q.latitude !== null)) {
      const metres =
        haversineMiles(
          { lat: p.latitude!, lng: p.longitude! },
          { lat: p.publicLatitude!, lng: p.publicLongitude! },
        ) * METRES_PER_MILE;
      if (p.exactLocation) expect(metres).toBe(0);
      else expect(metres).toBeGreaterThanOrEqual(PUBLIC_OFFSET_METRES.min - 1);
      if (!p.exactLocation) expect(metres).toBeLessThanOrEqual(PUBLIC_OFFSET_METRES.max + 1);
    }
  });

  it('spread created_at over the last year', () => {
    const ages = posts.map((p) => (NOW.getTime() - p.createdAt.getTime()) / 86_400_000);
    expect(Math.min(...ages)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...ages)).toBeLessThanOrEqual(365);
    expect(Math.max(...ages)).toBeGreaterThan(300);
  });

  it('take the region of the place, or the one its centre falls in', () => {
    for (const place of PLACES) {
      const p = generatePost(seededRandom(1), { now: NOW, ageDays: 1, place });
      expect(p.region).toBe(place.region ?? regionFor(place.lat, place.lng));
      expect(p.address.endsWith(place.town)).toBe(true);
    }
  });
});

describe('the demo set', () => {
  const demo = demoPosts(NOW);

  it('is small, clearly marked and all on the map', () => {
    expect(demo).toHaveLength(DEMO_POST_COUNT);
    expect(demo.every((p) => p.isDemo && p.ownerName === 'Demo neighbour' && p.latitude !== null)).toBe(true);
    expect(posts.some((p) => p.isDemo || p.ownerName === 'Demo neighbour')).toBe(false);
  });

  it('covers every type and region, posted within the last month', () => {
    expect(new Set(demo.map((p) => p.type))).toEqual(new Set(POST_TYPES));
    for (const region of REGIONS)
      expect(
        demo.some((p) => p.region === region),
        region,
      ).toBe(true);
    expect(demo.every((p) => NOW.getTime() - p.createdAt.getTime() <= 30 * 86_400_000)).toBe(true);
  });

  it('never shows one title twice (0128)', () => {
    const titles = demo.map((p) => p.title);
    expect(new Set(titles).size).toBe(titles.length);
  });
});

describe('the catalogue (0128)', () => {
  it("draws a post's sentence apart from its title, so no sentence names another item than its offer's titles", () => {
    // Words that say what the item is: a sentence with one must have it in every title of its offer.
    const items = ['apple', 'pear', 'plum', 'cherr', 'mulberr', 'grape', 'crabapple', 'apricot', 'elderberr', 'rhubarb', 'serviceberr', 'maple', 'oak', 'birch', 'cedar', 'ash', 'kindling'];
    const names = (text: string, item: string) => new RegExp(`\\b${item}`, 'i').test(text);
    for (const [type, offers] of Object.entries(OFFERS)) {
      for (const offer of offers) {
        for (const about of offer.about) {
          for (const item of items.filter((w) => names(about, w))) {
            for (const title of offer.titles) expect(names(title, item), `${type}: "${about}" under "${title}"`).toBe(true);
          }
        }
      }
    }
  });
});
