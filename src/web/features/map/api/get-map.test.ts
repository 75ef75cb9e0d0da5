import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { MapResponse, Post } from '../../../../domain/posts';
import { mapKeys, replaceMapPoint } from './get-map';

const post = (id: string, title: string) => ({ id, title }) as Post;
const view = (items: MapResponse['items']): MapResponse => ({ total: 12, estimated: false, items });
const cluster = { kind: 'cluster', count: 10, latitude: 43.7, longitude: -79.4 } as const;

function cacheWith(data: MapResponse) {
  const client = new QueryClient();
  const key = mapKeys.view('type=fruit', { bbox: '-80,43,-79,44', zoom: 12 });
  client.setQueryData(key, data);
  return { client, read: () => client.getQueryData<MapResponse>(key) };
}

describe("a post's pin in the cached map views", () => {
  it('shows the post as edited, the rest of the view as it was', () => {
    const { client, read } = cacheWith(view([cluster, { kind: 'point', post: post('a', 'Plums') }, { kind: 'point', post: post('b', 'Pears') }]));
    replaceMapPoint(client, 'a', post('a', 'Ripe plums'));
    expect(read()).toEqual(view([cluster, { kind: 'point', post: post('a', 'Ripe plums') }, { kind: 'point', post: post('b', 'Pears') }]));
  });

  it('drops a deleted post, one fewer in the count', () => {
    const { client, read } = cacheWith(view([cluster, { kind: 'point', post: post('a', 'Plums') }, { kind: 'point', post: post('b', 'Pears') }]));
    replaceMapPoint(client, 'a', null);
    expect(read()).toEqual({ ...view([cluster, { kind: 'point', post: post('b', 'Pears') }]), total: 11 });
  });

  it('leaves a view without its pin as it was: a post inside a cluster is counted by the server', () => {
    const data = view([cluster]);
    const { client, read } = cacheWith(data);
    replaceMapPoint(client, 'a', null);
    expect(read()).toBe(data);
  });
});
