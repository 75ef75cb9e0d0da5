import { ACCEPTED_IMAGE_NAMES, ACCEPTED_IMAGE_TYPES, ACCEPTED_IMAGES, LIMITS } from '../../../../../domain/limits';

export const IMAGE_MAX_MB = Math.round(LIMITS.imageMaxBytes / (1024 * 1024));

/**
 * The file input's `accept`: the types the server decodes (domain ACCEPTED_IMAGES) and their
 * extensions; it answers 415 to any other, SVG and HEIC included. Listing them also lets iOS hand
 * over a HEIC photo from the library as a JPEG.
 */
export const IMAGE_ACCEPT = ACCEPTED_IMAGES.flatMap((image) => [image.type, ...image.extensions]).join(',');

export const IMAGE_TYPE_MESSAGE = `Please choose a ${ACCEPTED_IMAGE_NAMES} image.`;

function isAccepted(file: Pick<File, 'name' | 'type'>): boolean {
  const type = file.type.toLowerCase();
  if (type) return ACCEPTED_IMAGE_TYPES.includes(type);
  // Some systems give no type for a file they do not recognise: judge by its name then.
  const name = file.name.toLowerCase();
  return ACCEPTED_IMAGES.some((image) => image.extensions.some((ext) => name.endsWith(ext)));
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

export const UNREADABLE_IMAGE_MESSAGE = `This file is not an image that can be opened. ${IMAGE_TYPE_MESSAGE}`;

const IMAGE_MAX_MEGAPIXELS = LIMITS.imageMaxPixels / 1_000_000;

/**
 * Why an image of this size cannot be uploaded, or null: more pixels than the server decodes (it
 * refuses them after the whole upload; a phone's panorama can pass 40 megapixels under 10 MB).
 */
export function pixelProblem({ width, height }: { width: number; height: number }): string | null {
  return width * height > LIMITS.imageMaxPixels
    ? `The image is larger than ${IMAGE_MAX_MEGAPIXELS} megapixels. Please choose a smaller one.`
    : null;
}

/**
 * The size of the image at `url` if the browser can read it (its header), else null: a file named
 * and typed as a photo may hold anything (a renamed document), and the server would refuse it only
 * after the whole upload. Loading, not decoding every pixel, keeps big photos cheap on phones.
 */
export function sizeOf(url: string): Promise<{ width: number; height: number } | null> {
  return new Promise((resolve) => {
    const image = new Image();
    image.onload = () => resolve(image.naturalWidth > 0 ? { width: image.naturalWidth, height: image.naturalHeight } : null);
    image.onerror = () => resolve(null);
    image.src = url;
  });
}
