/**
 * The one way the web app talks to the server (spec §7): same-origin, cookies included, a JSON body
 * only when there is a payload. A non-2xx answer throws an ApiError whose message is the spec's
 * "status: body text" (or the status text when the body is empty), spec §8.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiResponse<T> {
  data: T;
  headers: Headers;
}

/**
 * Like apiRequest, and also answers the response headers (X-Total-Count, Link). A FormData payload
 * is sent as multipart/form-data: the browser writes its Content-Type with the boundary.
 */
export async function apiFetch<T>(method: Method, url: string, payload?: unknown): Promise<ApiResponse<T>> {
  const isForm = payload instanceof FormData;
  const hasJson = payload !== undefined && !isForm;
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: hasJson ? { 'Content-Type': 'application/json' } : undefined,
    body: isForm ? payload : hasJson ? JSON.stringify(payload) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, text, response.statusText);
  return { data: (text ? JSON.parse(text) : undefined) as T, headers: response.headers };
}

export async function apiRequest<T>(method: Method, url: string, payload?: unknown): Promise<T> {
  return (await apiFetch<T>(method, url, payload)).data;
}

/** The target of `Link: <url>; rel="next"`, or null when there is no next page. */
export function nextLinkOf(headers: Headers): string | null {
  const link = headers.get('link');
  if (!link) return null;
  for (const part of link.split(',')) {
    const match = /<([^>]*)>\s*;\s*rel="?next"?/.exec(part);
    if (match?.[1]) return match[1];
  }
  return null;
}

export function isApiError(error: unknown, status: number): boolean {
  return error instanceof ApiError && error.status === status;
}

/** What to do about a refusal over a rate limit (429): the server's message, which says how long to wait. */
export function waitMessage(error: unknown): string | undefined {
  return isApiError(error, 429) ? serverMessage(error) : undefined;
}

/**
 * The server's words for a refusal people can act on: 403 (not allowed, and why), 409 (done
 * already) or 429 (wait); undefined for other failures, whose body has nothing for people.
 */
export function refusalMessage(error: unknown): string | undefined {
  return error instanceof ApiError && [403, 409, 429].includes(error.status) ? serverMessage(error) : undefined;
}

/** The `message` field of an error's JSON body, for toasts; undefined when there is none. */
export function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  try {
    const body: unknown = JSON.parse(error.body);
    if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
      return body.message;
    }
  } catch {
    // The body is not JSON: there is no message for people in it.
  }
  return undefined;
}
