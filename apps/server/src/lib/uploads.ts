import { randomBytes } from 'node:crypto';
import { constants as fsConstants } from 'node:fs';
import { mkdir, open, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../http/app-error.js';
import { hasNoBody } from '../http/body-parsing.js';

/**
 * Uploaded files (ID images, payment proofs, chat images) live in DATA_DIR/uploads/<area>, never
 * under a static root, and are served only through authorised endpoints (DESIGN.md 1). The type is
 * decided by the bytes, never by the file name or the client's content type, and the stored name is
 * random: no user input ever reaches a path.
 */

export const UPLOAD_AREAS = ['kyc', 'deposits', 'chat'] as const;
export type UploadArea = (typeof UPLOAD_AREAS)[number];

export const IMAGE_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type ImageContentType = (typeof IMAGE_CONTENT_TYPES)[number];

const EXTENSION_OF: Record<ImageContentType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/** 128 random bits as hex, then the extension of the sniffed type: the only names we ever read. */
const UPLOAD_NAME_PATTERN = /^[0-9a-f]{32}\.(jpg|png|webp)$/;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The image type of some bytes by their magic numbers, or null when they are not JPEG, PNG or WebP. */
export function sniffImageType(bytes: Uint8Array): ImageContentType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return 'image/png';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'image/webp';
  return null;
}

function ascii(bytes: Uint8Array, start: number, end: number): string {
  return String.fromCharCode(...bytes.subarray(start, end));
}

export function isUploadName(name: string): boolean {
  return UPLOAD_NAME_PATTERN.test(name);
}

export function uploadRoot(dataDir: string): string {
  return path.resolve(dataDir, 'uploads');
}

function areaDir(dataDir: string, area: UploadArea): string {
  if (!UPLOAD_AREAS.includes(area)) throw new Error(`unknown upload area ${String(area)}`);
  return path.join(uploadRoot(dataDir), area);
}

export interface ImageLimits {
  bytesMax: number;
  types?: readonly ImageContentType[];
}

/** Checks an image before it is stored: the size limit, then the type by content. */
export function checkImage(bytes: Uint8Array, limits: ImageLimits): ImageContentType {
  if (bytes.length > limits.bytesMax) throw new AppError('upload_too_large');
  const type = sniffImageType(bytes);
  if (!type || !(limits.types ?? IMAGE_CONTENT_TYPES).includes(type)) throw new AppError('upload_invalid_type');
  return type;
}

export interface StoredUpload {
  /** The random file name to keep in the database. */
  name: string;
  contentType: ImageContentType;
  bytes: number;
}

/**
 * Stores an image under a fresh random name. It is written to a temporary name first and renamed,
 * so a crash never leaves a half-written file under a name the database could point at.
 */
export async function saveImage(
  dataDir: string,
  area: UploadArea,
  bytes: Uint8Array,
  limits: ImageLimits,
): Promise<StoredUpload> {
  const contentType = checkImage(bytes, limits);
  const dir = areaDir(dataDir, area);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const name = `${randomBytes(16).toString('hex')}.${EXTENSION_OF[contentType]}`;
  const temporary = path.join(dir, `.${name}.part`);
  try {
    await writeFile(temporary, bytes, { flag: 'wx', mode: 0o600 });
    await rename(temporary, path.join(dir, name));
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  return { name, contentType, bytes: bytes.length };
}

/**
 * Reads a stored image back, or null when the name is not one of ours, the file is missing or too
 * large, or its bytes are no longer an image (the content type is sniffed again, never remembered).
 */
export async function readImage(
  dataDir: string,
  area: UploadArea,
  name: string,
  bytesMax: number,
): Promise<{ bytes: Buffer; contentType: ImageContentType } | null> {
  if (!isUploadName(name)) return null;
  const file = path.join(areaDir(dataDir, area), name);
  // O_NOFOLLOW: a symlink planted in the folder is not followed out of it.
  const handle = await open(file, fsConstants.O_RDONLY | (fsConstants.O_NOFOLLOW ?? 0)).catch(() => null);
  if (!handle) return null;
  try {
    const stat = await handle.stat();
    if (!stat.isFile() || stat.size > bytesMax) return null;
    const bytes = await handle.readFile();
    const contentType = sniffImageType(bytes);
    return contentType ? { bytes, contentType } : null;
  } finally {
    await handle.close();
  }
}

/** Deletes stored files; names that are not ours and files already gone are ignored. */
export async function removeUploads(dataDir: string, area: UploadArea, names: readonly string[]): Promise<void> {
  const dir = areaDir(dataDir, area);
  await Promise.all(names.filter(isUploadName).map((name) => rm(path.join(dir, name), { force: true })));
}

/** Upload forms are small: a few text fields and at most two images (each route sets its file size). */
const UPLOAD_FORM_LIMITS = {
  fileSize: 5 * 1024 * 1024,
  files: 2,
  fields: 10,
  fieldSize: 1024,
  parts: 12,
  headerPairs: 50,
};

/**
 * Defines the routes that take uploads in a context of their own, with the multipart parser: its
 * hooks run on every request of the context they are registered in, so only these routes pay for
 * them. Elsewhere a multipart body is an unsupported media type.
 */
export async function uploadRoutes(
  app: FastifyInstance,
  define: (uploads: FastifyInstance) => void | Promise<void>,
): Promise<void> {
  await app.register(async (uploads) => {
    await uploads.register(fastifyMultipart, { limits: UPLOAD_FORM_LIMITS });
    await define(uploads);
  });
}

export interface ImageForm {
  /** Text fields by name; a field sent twice is listed in `fieldKeys` instead. */
  fields: Record<string, string>;
  /** Image bytes by field name, size-checked while streaming (not yet type-checked). */
  files: Record<string, Buffer>;
  /** Message keys for parts that are wrong whatever the schema says: unknown, repeated or cut-off ones. */
  fieldKeys: Record<string, string>;
}

/**
 * Reads a multipart form of text fields and image files into memory. The plugin's limits (parts,
 * files, fields, field size) bound the whole body; a file over `bytesMax` stops the reading with
 * upload_too_large, and a body that is not multipart is an unsupported media type.
 */
export async function readImageForm(
  request: FastifyRequest,
  options: { fileFields: readonly string[]; bytesMax: number },
): Promise<ImageForm> {
  const form: ImageForm = { fields: {}, files: {}, fieldKeys: {} };
  if (!request.isMultipart()) {
    // A bodyless POST is an empty form: the caller names every missing field, as for JSON calls.
    if (hasNoBody(request)) return form;
    throw new AppError('unsupported_media_type');
  }
  try {
    for await (const part of request.parts({ limits: { fileSize: options.bytesMax } })) {
      const name = part.fieldname;
      if (part.type === 'file') {
        if (!options.fileFields.includes(name)) {
          part.file.resume();
          form.fieldKeys[name] = 'unknown_field';
        } else {
          const bytes = await part.toBuffer();
          if (form.files[name]) form.fieldKeys[name] = 'invalid';
          else form.files[name] = bytes;
        }
        continue;
      }
      if (part.valueTruncated) form.fieldKeys[name] = 'text_too_long';
      else if (name in form.fields || options.fileFields.includes(name)) form.fieldKeys[name] = 'invalid';
      else form.fields[name] = String(part.value);
    }
  } catch (error) {
    throw toUploadError(error);
  }
  return form;
}

/** The plugin's errors in our envelope: a big file is upload_too_large, not a generic 413. */
function toUploadError(error: unknown): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('upload_too_large');
  if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
    return new AppError('body_too_large');
  }
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new AppError('unsupported_media_type');
  if (code === 'FST_PROTO_VIOLATION' || code === 'FST_INVALID_JSON_FIELD_ERROR' || code === 'FST_MP_PREMATURE_CLOSE') {
    return new AppError('malformed_body');
  }
  if (error instanceof Error && /multipart|boundary|part terminated/i.test(error.message)) {
    return new AppError('malformed_body');
  }
  return error;
}
