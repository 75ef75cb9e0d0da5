import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * A mail's text sealed in the outbox (docs/decisions/0135): AES-256-GCM under a key derived from
 * the session secret, so reading the database (a backup, a replica) gives no password link that
 * still works. Stored as base64url `iv.ciphertext.tag`.
 */
export function createSeal(secret: string) {
  const key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'outbox mail text', 32));
  return {
    seal(text: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
      return [iv, body, cipher.getAuthTag()].map((part) => part.toString('base64url')).join('.');
    },

    /** The text, or null when it was sealed under another secret (or is not a sealed text). */
    open(sealed: string): string | null {
      const [iv, body, tag, ...rest] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
      if (!iv || !body || !tag || rest.length > 0 || iv.length !== 12 || tag.length !== 16) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, iv);
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
