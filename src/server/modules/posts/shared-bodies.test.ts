import { describe, expect, it } from 'vitest';
import type { Post } from '../../../domain/posts';
import { postsJson, type Who } from './present-json';
import { base, origins, rows, viewers } from './rows.fixture';
import { SharedBodies } from './shared-bodies';

const here = origins[0]!;
const make = (who: Who) => postsJson(rows, who, here);
const latitudes = (bytes: Buffer) => (JSON.parse(bytes.toString()) as Post[]).map((p) => p.latitude);
const pageBytes = postsJson(rows, viewers.guest, here).length;

describe('SharedBodies', () => {
  it('is one body for every viewer who manages none of the posts, written as nobody sees it', () => {
    const bodies = new SharedBodies(1e6);
    const source = {};
    const body = bodies.get(source, rows, viewers.other, here, make);
    expect(bodies.get(source, rows, viewers.guest, here, make)).toBe(body);
    expect(body.bytes.equals(postsJson(rows, viewers.guest, here))).toBe(true);
    expect(latitudes(body.bytes)).toEqual(rows.map((row) => row.publicLatitude));
  });

  it('gives owners and admins a body of their own, with their exact spots, and keeps none of them', () => {
    const bodies = new SharedBodies(1e6);
    const source = {};
    const shared = bodies.get(source, rows, viewers.other, here, make);
    const own = [viewers.owner, viewers.guestOwner, viewers.admin].map((viewer) => bodies.get(source, rows, viewer, here, make));
    for (const body of own) expect(body).not.toBe(shared);
    expect(latitudes(own[0]!.bytes)[0]).toBe(base.latitude);
    expect(latitudes(own[2]!.bytes)).toEqual([base.latitude, null, base.latitude]);
    expect(bodies.get(source, rows, viewers.owner, here, make)).not.toBe(own[0]);
    expect(bodies.size).toBe(shared.bytes.length);
  });

  it('keeps a body per origin, and a new source (a reloaded page) never meets an old body', () => {
    const bodies = new SharedBodies(1e6);
    const source = {};
    const there = origins[1]!;
    const fromHere = bodies.get(source, rows, viewers.guest, here, make);
    const fromThere = bodies.get(source, rows, viewers.guest, there, (who) => postsJson(rows, who, there));
    expect(fromThere).not.toBe(fromHere);
    expect(fromThere.bytes.equals(postsJson(rows, viewers.guest, there))).toBe(true);
    expect(bodies.get({}, rows, viewers.guest, here, make)).not.toBe(fromHere);
  });

  it('holds at most its byte budget, dropping the least recently used body first', () => {
    const bodies = new SharedBodies(3 * pageBytes);
    const [a, b, c, d] = [{}, {}, {}, {}];
    const first = bodies.get(a, rows, viewers.guest, here, make);
    const second = bodies.get(b, rows, viewers.guest, here, make);
    bodies.get(c, rows, viewers.guest, here, make);
    expect(bodies.get(a, rows, viewers.guest, here, make)).toBe(first); // a is now the most recent
    bodies.get(d, rows, viewers.guest, here, make);
    expect(bodies.size).toBe(3 * pageBytes);
    expect(bodies.get(a, rows, viewers.guest, here, make)).toBe(first);
    expect(bodies.get(b, rows, viewers.guest, here, make)).not.toBe(second);
    expect(bodies.size).toBeLessThanOrEqual(3 * pageBytes);
  });

  it('writes a body for the viewer, and keeps nothing, without a source', () => {
    const bodies = new SharedBodies(1e6);
    const own = bodies.get(null, rows, viewers.owner, here, make);
    expect(latitudes(own.bytes)[0]).toBe(base.latitude);
    expect(bodies.get(null, rows, viewers.guest, here, make)).not.toBe(bodies.get(null, rows, viewers.guest, here, make));
    expect(bodies.size).toBe(0);
  });

  it('still answers with a body bigger than the whole budget', () => {
    const bodies = new SharedBodies(10);
    const body = bodies.get({}, rows, viewers.guest, here, make);
    expect(body.bytes.length).toBe(pageBytes);
    expect(bodies.size).toBe(pageBytes);
    bodies.get({}, rows, viewers.guest, here, make);
    expect(bodies.size).toBe(pageBytes);
  });
});
