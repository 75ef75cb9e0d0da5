import { LIMITS } from '../../../../../domain/limits';

export const IMAGE_MAX_MB = Math.round(LIMITS.imageMaxBytes / (1024 * 1024));

/**
 * The formats the server decodes (src/server/modules/images/process.ts); it answers 415 to any
 * other, SVG and HEIC included. Listing them in `accept` also lets iOS hand over a HEIC photo from
 * the library as a JPEG.
 */
const ACCEPTED: ReadonlyMap<string, readonly string[]> = new Map([
  ['image/jpeg', ['.jpg', '.jpeg']],
  ['image/png', ['.png']],
  ['image/webp', ['.webp']],
  ['image/gif', ['.gif']],
  ['image/avif', ['.avif']],
]);

/** The file input's `accept`: the types and their extensions. */
export const IMAGE_ACCEPT = [...ACCEPTED].flat(2).join(',');

export const IMAGE_TYPE_MESSAGE = 'Please choose a JPEG, PNG, WebP, GIF or AVIF image.';

function isAccepted(file: Pick<File, 'name' | 'type'>): boolean {
  const type = file.type.toLowerCase();
  if (type) return ACCEPTED.has(type);
  // Some systems give no type for a file they do not recognise: judge by its name then.
  const name = file.name.toLowerCase();
  return [...ACCEPTED.values()].flat().some((ext) => name.endsWith(ext));
}

function refusedKind({ name, type }: Pick<File, 'name' | 'type'>): string {
  if (/svg/i.test(type) || /\.svgz?$/i.test(name)) return 'SVG images are';
  if (/hei[cf]/i.test(type) || /\.hei[cf]$/i.test(name)) return 'HEIC photos are';
  return 'This type of file is';
}

/**
 * Why a file cannot be uploaded, or null: one of the accepted formats and at most 10 MB. Checked
 * before the upload so the message comes at once; the server checks the bytes again.
 */
export function imageProblem(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  if (!isAccepted(file)) return `${refusedKind(file)} not supported. ${IMAGE_TYPE_MESSAGE}`;
  if (file.size > LIMITS.imageMaxBytes)
    return `The image is larger than ${IMAGE_MAX_MB} MB. Please choose a smaller one.`;
  return null;
}
