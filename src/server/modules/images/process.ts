import sharp, { type SharpOptions } from 'sharp';
import { ACCEPTED_IMAGE_NAMES, ACCEPTED_IMAGE_TYPES, LIMITS } from '../../../domain/limits';
import { AppError } from '../../errors';
import { createSemaphore } from '../../lib/semaphore';
import os from 'node:os';

export const IMAGE_MESSAGES = {
  notAnImage: `Please upload an image file (${ACCEPTED_IMAGE_NAMES}).`,
  unreadable: 'This image could not be read. Please try another file.',
  tooManyBytes: `The image is too large. The limit is ${LIMITS.imageMaxBytes / 1024 / 1024} MB.`,
  tooManyPixels: `The image is too large. The limit is ${LIMITS.imageMaxPixels / 1_000_000} megapixels.`,
} as const;

export interface ImageVariant {
  bytes: Buffer;
  width: number;
  height: number;
  contentType: 'image/webp';
  extension: 'webp';
}

export interface ProcessedImage {
  full: ImageVariant;
  thumbnail: ImageVariant;
}

/**
 * The MIME type of the format sharp found in the bytes. sharp names a format after its MIME subtype
 * ('jpeg', 'png', 'webp', 'gif', 'svg', 'tiff', …), except AVIF: a 'heif' container coded with AV1.
 * HEVC-coded 'heif' (HEIC) has no type here: the prebuilt sharp cannot decode it.
 */
function sniffedType(format: string | undefined, compression: string | undefined): string | undefined {
  if (format === 'heif') return compression === 'av1' ? 'image/avif' : undefined;
  return format ? `image/${format}` : undefined;
}

const exceedsPixelLimit = (err: unknown) => /pixel limit/i.test(String((err as Error)?.message));
const badImage = (message: string) => new AppError('UNSUPPORTED_MEDIA_TYPE', message);

/**
 * Checks that `input` really is an image (by its bytes, never its name or declared type), then
 * re-encodes it: oriented by its EXIF first, longest side at most 1600 px plus a 400 px thumbnail,
 * WebP, with every piece of metadata (EXIF, GPS, XMP, IPTC) dropped. Throws a 4xx AppError for
 * anything that is not an acceptable image; writes nothing.
 */
export function processImage(input: Buffer): Promise<ProcessedImage> {
  return decoding.run(() => decodeAndEncode(input));
}

/** One decode per core at a time: a 40-megapixel image takes ~160 MB while it is decoded. */
const decoding = createSemaphore(Math.max(1, os.availableParallelism()));

async function decodeAndEncode(input: Buffer): Promise<ProcessedImage> {
  if (input.length > LIMITS.imageMaxBytes) throw new AppError('PAYLOAD_TOO_LARGE', IMAGE_MESSAGES.tooManyBytes);
  const options = { limitInputPixels: LIMITS.imageMaxPixels, failOn: 'error' as const };
  let format: string | undefined;
  let compression: string | undefined;
  try {
    const meta = await sharp(input, options).metadata();
    format = meta.format;
    compression = meta.compression;
    if ((meta.width ?? 0) * (meta.height ?? 0) > LIMITS.imageMaxPixels) {
      throw new AppError('PAYLOAD_TOO_LARGE', IMAGE_MESSAGES.tooManyPixels);
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (exceedsPixelLimit(err)) throw new AppError('PAYLOAD_TOO_LARGE', IMAGE_MESSAGES.tooManyPixels);
    throw badImage(IMAGE_MESSAGES.notAnImage);
  }
  // Only the formats of domain ACCEPTED_IMAGES, as sniffed from the bytes.
  const type = sniffedType(format, compression);
  if (!type || !ACCEPTED_IMAGE_TYPES.includes(type)) throw badImage(IMAGE_MESSAGES.notAnImage);

  try {
    const full = await variant(input, options, LIMITS.imageMaxSide, 80);
    const thumbnail = await variant(full.bytes, {}, LIMITS.thumbnailSide, 75);
    return { full, thumbnail };
  } catch (err) {
    if (exceedsPixelLimit(err)) throw new AppError('PAYLOAD_TOO_LARGE', IMAGE_MESSAGES.tooManyPixels);
    throw badImage(IMAGE_MESSAGES.unreadable);
  }
}

async function variant(input: Buffer, options: SharpOptions, side: number, quality: number): Promise<ImageVariant> {
  const { data, info } = await sharp(input, options)
    .rotate() // before resizing: stripping the metadata also drops the orientation
    .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
    .webp({ quality })
    .toBuffer({ resolveWithObject: true });
  return { bytes: data, width: info.width, height: info.height, contentType: 'image/webp', extension: 'webp' };
}
