import type { FastifyRequest } from 'fastify';
import { LIMITS } from '../../../domain/limits';
import { AppError, badRequest } from '../../errors';
import { IMAGE_MESSAGES } from '../images/process';

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
} as const;

export interface PostForm {
  fields: Record<string, unknown>;
  image: Buffer | null;
}

interface MultipartError {
  code?: string;
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
    return { fields: withoutNul(body as Record<string, unknown>), image: null };
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
    switch ((err as MultipartError).code) {
      case 'FST_REQ_FILE_TOO_LARGE':
        throw new AppError('PAYLOAD_TOO_LARGE', IMAGE_MESSAGES.tooManyBytes);
      case 'FST_FILES_LIMIT':
        throw badRequest(FORM_MESSAGES.oneImage);
      case 'FST_FIELDS_LIMIT':
      case 'FST_PARTS_LIMIT':
        throw badRequest(FORM_MESSAGES.tooManyFields);
      default:
        throw err;
    }
  }
  return { fields: withoutNul(fields), image };
}

/** PostgreSQL text cannot hold U+0000; it is dropped rather than failing the insert. */
function withoutNul(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, typeof v === 'string' ? v.replaceAll('\u0000', '') : v]));
}
