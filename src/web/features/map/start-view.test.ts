import { describe, expect, it } from 'vitest';
import { MAP_DEFAULT_CENTER, MAP_DEFAULT_ZOOM } from '../../../domain/geo';
import type { MapResponse, Post } from '../../../domain/posts';
import { mapStart, NEARBY_ZOOM, postsBounds, WORLD_VIEWPORT } from './start-view';

const point = (lat: number | null, lng: number | null): MapResponse['items'][number] => ({
  kind: 'point',
  post: { latitude: lat, longitude: lng } as Post,
});
const cluster = (lat: number, lng: number, count = 3): MapResponse['items'][number] => ({
  kind: 'cluster',
  count,
  latitude: lat,
  longitude: lng,
});

describe('the map opening view (docs/decisions/0044)', () => {
  it('asks for the whole world at zoom 4', () => {
    expect(WORLD_VIEWPORT).toEqual({ bbox: '-180,-90,180,90', zoom: 4 });
  });

  it("opens on the viewer's location when known", () => {
    const near = { lat: 45.5, lng: -73.6 };
    expect(mapStart(near, { total: 1, items: [point(43.65, -79.38)] })).toEqual({
      center: near,
      zoom: NEARBY_ZOOM,
    });
  });

  it("falls back to spec §9's middle of North America without posts or without an answer", () => {
    const fallback = { center: MAP_DEFAULT_CENTER, zoom: MAP_DEFAULT_ZOOM };
    expect(mapStart(null, { total: 0, items: [] })).toEqual(fallback);
    expect(mapStart(null, undefined)).toEqual(fallback);
    expect(mapStart(null, { total: 1, items: [point(null, null)] })).toEqual(fallback);
  });

  it('fits the points themselves', () => {
    expect(postsBounds([point(43.65, -79.38), point(44.9, -78.6)])).toEqual({
      west: -79.38,
      east: -78.6,
      south: 43.65,
      north: 44.9,
    });
  });

  it("fits a cluster's whole grid cell, which holds all its posts", () => {
    // Toronto at zoom 4: grid level 6, cells 5.625° of longitude wide.
    const box = postsBounds([cluster(43.7, -79.4)])!;
    expect(box.west).toBeCloseTo(-84.375, 6);
    expect(box.east).toBeCloseTo(-78.75, 6);
    expect(box.south).toBeLessThan(43.7);
    expect(box.north).toBeGreaterThan(43.7);
    expect(box.north - box.south).toBeLessThan(5);
  });

  it('joins clusters and points into one box', () => {
    const start = mapStart(null, { total: 4, items: [cluster(43.7, -79.4), point(49.28, -123.12)] });
    expect('bounds' in start && start.bounds.west).toBe(-123.12);
    expect('bounds' in start && start.bounds.east).toBeCloseTo(-78.75, 6);
  });
});
