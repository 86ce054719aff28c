/** The server takes JPEG, PNG or WebP up to 5 MB; phones take photos far larger than that. */
export const IMAGE_BYTES_MAX = 5 * 1024 * 1024;
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const SIDE_PX_MAX = 1600;
const JPEG_QUALITY = 0.85;

export class ImageRejectedError extends Error {
  constructor(readonly reason: 'type' | 'size') {
    super(reason);
    this.name = 'ImageRejectedError';
  }
}

/**
 * Re-encodes a picked photo as a JPEG of at most 1600 px a side (small uploads on slow networks,
 * and no EXIF location data leaves the phone). Where the browser cannot draw it, the original is
 * used when the server would take it as it is.
 */
export async function compressImage(file: File): Promise<File> {
  try {
    const compressed = await drawAsJpeg(file);
    if (compressed.size < file.size || !IMAGE_TYPES.includes(file.type)) return compressed;
  } catch {
    // fall through: use the original if it is acceptable
  }
  if (!IMAGE_TYPES.includes(file.type)) throw new ImageRejectedError('type');
  if (file.size > IMAGE_BYTES_MAX) throw new ImageRejectedError('size');
  return file;
}

async function drawAsJpeg(file: File): Promise<File> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  const scale = Math.min(1, SIDE_PX_MAX / Math.max(bitmap.width, bitmap.height));
  const width = Math.round(bitmap.width * scale);
  const height = Math.round(bitmap.height * scale);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d context');
  context.fillStyle = '#fff'; // transparent PNG areas would turn black in a JPEG
  context.fillRect(0, 0, width, height);
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
  if (!blob) throw new Error('encoding failed');
  if (blob.size > IMAGE_BYTES_MAX) throw new ImageRejectedError('size');
  const name = `${file.name.replace(/\.[^.]*$/, '') || 'image'}.jpg`;
  return new File([blob], name, { type: 'image/jpeg' });
}
