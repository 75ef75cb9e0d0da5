/** How passwords are hashed: argon2id with OWASP's minimum (19 MiB, 2 passes), 12-16 ms here. */
export const ARGON2 = { algorithm: 2 /* argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
