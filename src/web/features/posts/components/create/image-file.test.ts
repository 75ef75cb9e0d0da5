import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../../../../domain/limits';
import { IMAGE_ACCEPT, imageProblem, pixelProblem } from './image-file';

const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('imageProblem (the server accepts JPEG, PNG, WebP, GIF, AVIF)', () => {
  it('accepts the five formats', () => {
    for (const [name, type] of [
      ['a.jpg', 'image/jpeg'],
      ['a.png', 'image/png'],
      ['a.webp', 'image/webp'],
      ['a.gif', 'image/gif'],
      ['a.avif', 'image/avif'],
    ] as const) {
      expect(imageProblem(file(name, type))).toBeNull();
    }
  });
  it('refuses SVG and HEIC with a message that names them', () => {
    expect(imageProblem(file('logo.svg', 'image/svg+xml'))).toBe(
      'SVG images are not supported. Please choose a JPEG, PNG, WebP, GIF or AVIF image.',
    );
    expect(imageProblem(file('IMG_0001.HEIC', 'image/heic'))).toMatch(/^HEIC photos are not supported\./);
    expect(imageProblem(file('IMG_0001.heic', ''))).toMatch(/^HEIC photos are not supported\./);
  });
  it('refuses other images and files', () => {
    expect(imageProblem(file('scan.tiff', 'image/tiff'))).toMatch(/^This type of file is not supported\./);
    expect(imageProblem(file('notes.pdf', 'application/pdf'))).toMatch(
      /^This type of file is not supported\./,
    );
  });
  it('judges by the name when the browser gives no type', () => {
    expect(imageProblem(file('photo.JPG', ''))).toBeNull();
    expect(imageProblem(file('photo', ''))).not.toBeNull();
  });
  it('refuses a file over the size limit', () => {
    expect(imageProblem(file('big.jpg', 'image/jpeg', LIMITS.imageMaxBytes + 1))).toMatch(
      /^The image is larger than 10 MB/,
    );
    expect(imageProblem(file('ok.jpg', 'image/jpeg', LIMITS.imageMaxBytes))).toBeNull();
  });
  it('lists the types and extensions in accept, and no image/* wildcard', () => {
    expect(IMAGE_ACCEPT).toBe(
      'image/jpeg,.jpg,.jpeg,image/png,.png,image/webp,.webp,image/gif,.gif,image/avif,.avif',
    );
  });
});

describe('pixelProblem (the server decodes at most 40 megapixels)', () => {
  it('refuses more pixels than the server decodes, and takes the limit itself', () => {
    expect(pixelProblem({ width: 8000, height: 5001 })).toBe('The image is larger than 40 megapixels. Please choose a smaller one.');
    expect(pixelProblem({ width: 8000, height: 5000 })).toBeNull();
    expect(pixelProblem({ width: 1, height: LIMITS.imageMaxPixels })).toBeNull();
  });
});
