import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { access, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MEDIA_PATH_PREFIX } from '@nhasach/shared';

/** A stored file as read back. */
export interface StoredFile {
  body: Buffer;
  contentType: string;
  size: number;
  modifiedAt: Date;
}

/**
 * Where media files live. Keys are relative, slash-separated names ('books/12/ab12-thumb.webp'); `url(key)`
 * is what the browser loads. The local disk is the only implementation today; an object store would be another.
 */
export interface MediaStorage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredFile | null>;
  delete(key: string): Promise<void>;
  url(key: string): string;
  /** The key of one of this storage's URLs, or null for any other URL (an external image, a typo). */
  keyFromUrl(url: string): string | null;
  /** Throws when the storage cannot be used (readiness check). */
  check(): Promise<void>;
}

/** The key of a /media/... URL (relative, or absolute on any host), or null. */
export function keyFromMediaUrl(url: string, urlPrefix: string): string | null {
  let pathname = url;
  if (/^https?:\/\//i.test(url)) {
    try {
      pathname = new URL(url).pathname;
    } catch {
      return null;
    }
  }
  if (!pathname.startsWith(urlPrefix)) return null;
  const key = pathname.slice(urlPrefix.length);
  return isValidMediaKey(key) ? key : null;
}

const CONTENT_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
};

/** Content type from the key's extension; files of other kinds are never stored or served. */
export function contentTypeOf(key: string): string | null {
  return CONTENT_TYPES[path.extname(key).toLowerCase()] ?? null;
}

/**
 * Keys are 1-6 segments of lower-case letters, digits, '.', '_' and '-', each starting with a letter or digit,
 * and a known image extension: no '..', no absolute paths, no backslashes, no hidden files.
 */
const SEGMENT = /^[a-z0-9][a-z0-9._-]{0,127}$/;
export function isValidMediaKey(key: string): boolean {
  if (key.length === 0 || key.length > 300) return false;
  const segments = key.split('/');
  if (segments.length > 6) return false;
  if (!segments.every((s) => SEGMENT.test(s) && !s.includes('..'))) return false;
  return contentTypeOf(key) !== null;
}

/** Files under `root` (DATA_DIR/media), served at `urlPrefix` (/media/). */
export class LocalDiskStorage implements MediaStorage {
  readonly root: string;

  constructor(
    root: string,
    private readonly urlPrefix = MEDIA_PATH_PREFIX,
  ) {
    this.root = path.resolve(root);
  }

  /** Absolute path of a key; throws for an invalid key or one that would leave the root. */
  pathOf(key: string): string {
    if (!isValidMediaKey(key)) throw new Error(`invalid media key '${key}'`);
    const file = path.resolve(this.root, ...key.split('/'));
    if (!file.startsWith(this.root + path.sep)) throw new Error(`media key outside the root '${key}'`);
    return file;
  }

  async put(key: string, body: Buffer, _contentType: string): Promise<void> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    // Written aside then renamed, so a concurrent reader never sees half a file.
    const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temp, body);
    await rename(temp, file);
  }

  async get(key: string): Promise<StoredFile | null> {
    if (!isValidMediaKey(key)) return null;
    const file = this.pathOf(key);
    try {
      const [body, info] = await Promise.all([readFile(file), stat(file)]);
      return { body, size: info.size, modifiedAt: info.mtime, contentType: contentTypeOf(key) ?? 'application/octet-stream' };
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    if (!isValidMediaKey(key)) return;
    await rm(this.pathOf(key), { force: true });
  }

  url(key: string): string {
    return `${this.urlPrefix}${key}`;
  }

  keyFromUrl(url: string): string | null {
    // Absolute URLs of this store (PUBLIC_URL/media/...) are accepted too.
    return keyFromMediaUrl(url, this.urlPrefix);
  }

  async check(): Promise<void> {
    await mkdir(this.root, { recursive: true });
    await access(this.root, constants.W_OK);
  }
}
