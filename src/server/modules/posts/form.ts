import type { FastifyRequest } from 'fastify';
import { LIMITS } from '../../../domain/limits';
import { AppError, badRequest } from '../../errors';
import { IMAGE_MESSAGES } from '../images/service';
import type { PostForm } from './service';

/** @fastify/multipart limits for the post form: one image of at most 10 MB, a handful of short fields. */
export const MULTIPART_LIMITS = {
  fileSize: LIMITS.imageMaxBytes,
  files: 1,
  fields: 30,
  parts: 31,
  fieldSize: 16 * 1024,
  fieldNameSize: 100,
  headerPairs: 100,
} as const;

export const IMAGE_FIELD = 'image';

export const FORM_MESSAGES = {
  oneImage: 'Please upload one image, in the "image" field.',
  fieldTooLong: 'A form field is too long.',
  tooManyFields: 'The form has too many fields.',
  unreadable: 'The form could not be read.',
} as const;


interface MultipartError {
  code?: string;
  statusCode?: number;
}

/**
 * What the multipart reader throws for a body it cannot parse: @fastify/multipart's own 4xx errors
 * (premature close, a `__proto__` field name, …) and busboy's plain `Error`s ('Multipart: Boundary
 * not found', 'Unexpected end of multipart data', an empty or overlong boundary). Programming
 * errors (TypeError, …) and 5xx errors are not the client's and stay 500s.
 */
function isUnreadableBody(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const { code, statusCode } = err as MultipartError;
  if (typeof code === 'string' && code.startsWith('FST_')) return typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500;
  return Object.getPrototypeOf(err) === Error.prototype;
}

/**
 * The post form as multipart/form-data (the web form, spec §7) or as a JSON object (no image).
 * The image is read into memory up to the 10 MB limit; nothing is written anywhere here.
 */
export async function readPostForm(request: FastifyRequest): Promise<PostForm> {
  if (!request.isMultipart()) {
    const body = request.body;
    if (body === undefined || body === null) return { fields: {}, image: null };
    if (typeof body !== 'object' || Array.isArray(body)) throw badRequest('Please send the post as a form.');
    return { fields: body as Record<string, unknown>, image: null };
  }
  const fields: Record<string, unknown> = Object.create(null);
  let image: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.valueTruncated || part.fieldnameTruncated) throw badRequest(FORM_MESSAGES.fieldTooLong);
        fields[part.fieldname] = part.value;
        continue;
      }
      const bytes = await part.toBuffer();
      // A browser form with no file chosen sends an empty part without a name.
      if (bytes.length === 0 && !part.filename) continue;
      if (part.fieldname !== IMAGE_FIELD || image !== null) throw badRequest(FORM_MESSAGES.oneImage);
      image = bytes;
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    switch ((err as MultipartError).code) {
      case 'FST_REQ_FILE_TOO_LARGE':
        throw new AppError('PAYLOAD_TOO_LARGE', IMAGE_MESSAGES.tooManyBytes);
      case 'FST_FILES_LIMIT':
        throw badRequest(FORM_MESSAGES.oneImage);
      case 'FST_FIELDS_LIMIT':
      case 'FST_PARTS_LIMIT':
        throw badRequest(FORM_MESSAGES.tooManyFields);
      default:
        if (isUnreadableBody(err)) throw badRequest(FORM_MESSAGES.unreadable);
        throw err;
    }
  }
  // Text containing U+0000 is refused by the field schemas (domain/text.ts), not here.
  return { fields, image };
}
