import type { Actor } from '../domain/actor';
import { isMember, type Decision } from '../domain/policy';

/** One error model for every module: a code, a message for people, optional details. */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  /** A third party (a payment provider) failed or could not be reached. */
  BAD_GATEWAY: 502,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, message: string, options: { headers?: Record<string, string>; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.headers = options.headers ?? {};
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const badRequest = (message: string) => new AppError('BAD_REQUEST', message);
export const unauthenticated = (message = 'Please sign in to continue.') => new AppError('UNAUTHENTICATED', message);
export const forbidden = (message = 'You are not allowed to do that.') => new AppError('FORBIDDEN', message);
export const notFound = (message = 'Not found.') => new AppError('NOT_FOUND', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);
export const badGateway = (message: string, cause?: unknown) => new AppError('BAD_GATEWAY', message, { cause });

/** Retry-After of an answer while the database cannot be reached: the embedded one is back within seconds. */
export const UNAVAILABLE_RETRY_SECONDS = 2;
/** The answer to a request that needs the database while it cannot be reached (docs/decisions/0077). */
export const unavailable = () =>
  new AppError('UNAVAILABLE', 'The service is briefly unavailable. Please try again in a moment.', {
    headers: { 'retry-after': String(UNAVAILABLE_RETRY_SECONDS) },
  });

/** Throws the policy's refusal (domain/policy.ts): 401 when signing in would help, else 403. */
export function assertAllowed(decision: Decision): void {
  if (decision.ok) return;
  throw decision.need === 'sign-in' ? unauthenticated(decision.message) : forbidden(decision.message);
}

/** The signed-in member's id, or a 401 with `message` (what signing in would let them do). */
export function memberIdOf(actor: Actor, message: string): string {
  if (!isMember(actor)) throw unauthenticated(message);
  return actor.userId!;
}
