import { describe, expect, it } from 'vitest';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PublicUser } from '../../domain/auth';
import { MapResponse, Post } from '../../domain/posts';
import { fastSerializerCompiler } from './serializer';

const post: Post = {
  id: '6f1c2a9e-4b1d-4c6a-9f5e-2d3b4c5d6e7f',
  type: 'fruit',
  title: 'Apples "Honeycrisp" \\ ½ 🍎',
  description: 'Line one\nline two </script>',
  address: '10 Queen St',
  latitude: 43.6571,
  longitude: -79.3899,
  exactLocation: false,
  imageUrl: null,
  thumbnailUrl: null,
  status: 'available',
  statusNotes: null,
  phoneNumber: null,
  contact: 'ring twice',
  ownerName: 'Mary',
  ownerInitials: 'M',
  userId: null,
  zipCode: null,
  quantity: 'lots',
  seasonalNotes: null,
  region: null,
  distanceMiles: 0.3456789,
  isDemo: false,
  commentCount: 3,
  ownerRating: 4.5,
  ownerRatingCount: 2,
  ownerVerifiedType: 'arborist',
  ownerVerifiedAt: '2026-01-01T00:00:00.000Z',
  locked: false,
  viewerOwns: false,
  createdAt: '2026-11-01T12:34:56.789Z',
  updatedAt: '2026-11-01T12:34:56.789Z',
};
const user: PublicUser = {
  id: 'u1',
  username: 'Ann',
  email: 'ann@example.org',
  subscriptionStatus: 'trial',
  trialEndsAt: '2026-11-08T00:00:00.000Z',
  subscriptionEndsAt: null,
  isVerified: 'false',
  verifiedType: null,
  isAdmin: false,
  hasKindnessAccess: false,
  createdAt: '2026-11-01T00:00:00.000Z',
  grants: [{ kind: 'trial', endsAt: '2026-11-08T00:00:00.000Z' }],
  inviteCode: 'FFABC123',
  verifiedAt: null,
  suspension: null,
};
const map: MapResponse = {
  total: 3,
  estimated: false,
  items: [
    { kind: 'cluster', count: 2, latitude: 43.1, longitude: -79.2 },
    { kind: 'point', post },
  ],
};

const compile = (compiler: typeof serializerCompiler, schema: z.ZodType) =>
  compiler({ schema, method: 'GET', url: '/x', httpStatus: '200' } as Parameters<typeof serializerCompiler>[0]);

describe('fastSerializerCompiler', () => {
  it.each([
    ['a list of posts', z.array(Post), [post, { ...post, region: 'toronto', latitude: null, longitude: null, distanceMiles: null }]],
    ['the map', MapResponse, map],
    ['a member', PublicUser, user],
  ] as const)('writes %s exactly as zod’s serializer does', (_name, schema, data) => {
    expect(compile(fastSerializerCompiler, schema)(data)).toBe(compile(serializerCompiler, schema)(data));
  });

  it('drops fields the schema does not have, like zod', () => {
    const out = JSON.parse(compile(fastSerializerCompiler, PublicUser)({ ...user, passwordHash: 'secret' }) as string);
    expect(out).not.toHaveProperty('passwordHash');
  });

  it('refuses a response without a required field', () => {
    const { email: _email, ...partial } = user;
    expect(() => compile(fastSerializerCompiler, PublicUser)(partial)).toThrow();
  });
});
