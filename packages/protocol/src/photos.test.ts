import { describe, expect, it } from 'vitest';
import { imageTypeOf, PhotoEditSchema, PhotoUploadQuerySchema } from './photos';

const bytes = (...values: number[]) => new Uint8Array(values);

describe('device photographs', () => {
  it('recognises JPEG, PNG and WebP by their signature', () => {
    expect(imageTypeOf(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10))).toBe('image/jpeg');
    expect(imageTypeOf(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('image/png');
    const webp = [...'RIFF']
      .map((c) => c.charCodeAt(0))
      .concat(
        [1, 0, 0, 0],
        [...'WEBPVP8 '].map((c) => c.charCodeAt(0)),
      );
    expect(imageTypeOf(bytes(...webp))).toBe('image/webp');
  });

  it('recognises nothing in other files, however they are named', () => {
    expect(imageTypeOf(new TextEncoder().encode('GIF89a......'))).toBeNull();
    expect(imageTypeOf(new TextEncoder().encode('%PDF-1.7'))).toBeNull();
    expect(imageTypeOf(bytes(0x89, 0x50, 0x4e))).toBeNull();
    expect(imageTypeOf(bytes())).toBeNull();
  });

  it('refuses a file name with a path in it, and reads a blank caption as none', () => {
    expect(PhotoUploadQuerySchema.safeParse({ filename: '../etc/passwd' }).success).toBe(false);
    expect(PhotoUploadQuerySchema.safeParse({ filename: '' }).success).toBe(false);
    expect(PhotoUploadQuerySchema.parse({ filename: ' pole.png ', caption: '  ' })).toEqual({
      filename: 'pole.png',
      caption: null,
    });
    expect(PhotoEditSchema.parse({ caption: 'North face' })).toEqual({ caption: 'North face' });
  });
});
