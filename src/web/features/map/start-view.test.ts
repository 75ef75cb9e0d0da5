import { describe, expect, it } from 'vitest';
import { MAP_DEFAULT_CENTER, MAP_DEFAULT_ZOOM } from '../../../domain/geo';
import type { MapResponse, Post } from '../../../domain/posts';
import { closerLook, mapStart, NEARBY_ZOOM, postsBounds, WORLD_VIEWPORT, type LookAnswer } from './start-view';

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

const world = (...items: MapResponse['items']): LookAnswer => ({
  viewport: WORLD_VIEWPORT,
  response: { total: items.length, estimated: false, items },
});

describe('the map opening view (docs/decisions/0044)', () => {
  it('asks for the whole world at zoom 4', () => {
    expect(WORLD_VIEWPORT).toEqual({ bbox: '-180,-90,180,90', zoom: 4 });
  });

  it("opens on the viewer's location when known", () => {
    const near = { lat: 45.5, lng: -73.6 };
    expect(mapStart(near, world(point(43.65, -79.38)))).toEqual({
      center: near,
      zoom: NEARBY_ZOOM,
    });
  });

  it("falls back to spec §9's middle of North America without posts or without an answer", () => {
    const fallback = { center: MAP_DEFAULT_CENTER, zoom: MAP_DEFAULT_ZOOM };
    expect(mapStart(null, world())).toEqual(fallback);
    expect(mapStart(null, undefined)).toEqual(fallback);
    expect(mapStart(null, world(point(null, null)))).toEqual(fallback);
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
    const start = mapStart(null, world(cluster(43.7, -79.4), point(49.28, -123.12)));
    expect('bounds' in start && start.bounds.west).toBe(-123.12);
    expect('bounds' in start && start.bounds.east).toBeCloseTo(-78.75, 6);
  });

  it('takes a closer look when the world answer holds clusters, and fits the closer cells', () => {
    expect(closerLook({ total: 2, estimated: false, items: [point(43.65, -79.38), point(43.7, -79.4)] })).toBeNull();
    const closer = closerLook({ total: 3, estimated: false, items: [cluster(43.7, -79.4)] })!;
    // The 5.6° cell fits whole at zoom 10, whose cells are 0.09° (about 7 km) wide.
    expect(closer.zoom).toBe(10);
    expect(closer.bbox.split(',').map(Number)[0]).toBeCloseTo(-84.375, 3);
    const start = mapStart(null, { viewport: closer, response: { total: 3, estimated: false, items: [cluster(43.66, -79.39)] } });
    expect('bounds' in start && start.bounds.east - start.bounds.west).toBeCloseTo(360 / 2 ** 12, 6);
  });
});
