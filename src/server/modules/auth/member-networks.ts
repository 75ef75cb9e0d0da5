import type pg from 'pg';

/**
 * Remembers that a member was on a network (IPv4, or the IPv6 /64) now: at each sign-in and at a
 * session's hourly touch, so a referral from their own network is told apart after they signed
 * out (member_networks, docs/decisions/0134). Forgotten by the sessions sweep.
 */
export async function rememberNetwork(pool: Pick<pg.Pool, 'query'>, userId: string, address: string, now: Date): Promise<void> {
  if (!address) return;
  await pool.query({
    name: 'member_network_seen',
    text: 'INSERT INTO member_networks (user_id, address, last_seen_at) VALUES ($1, $2, $3) ON CONFLICT (user_id, address) DO UPDATE SET last_seen_at = EXCLUDED.last_seen_at',
    values: [userId, address, now],
  });
}
