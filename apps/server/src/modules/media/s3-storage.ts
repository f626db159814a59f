import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { MEDIA_PATH_PREFIX } from '@nhasach/shared';
import { contentTypeOf, isValidMediaKey, keyFromMediaUrl, type MediaStorage, type StoredFile } from './storage.ts';

export interface S3StorageOptions {
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** Where browsers load the objects (a CDN or the bucket's public address); unset: the API's /media/ route. */
  publicUrl?: string;
}

/** Names never change content (hashes, design versions): a CDN and browsers may keep them for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Media files in an S3-compatible object store (AWS S3, MinIO, R2, s3rver in tests), so every instance reads
 * what any instance wrote. Keys are the same as on the local disk.
 */
export class S3Storage implements MediaStorage {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly publicUrl?: string;

  constructor(opts: S3StorageOptions) {
    this.bucket = opts.bucket;
    this.publicUrl = opts.publicUrl;
    this.client = new S3Client({
      region: opts.region,
      endpoint: opts.endpoint,
      forcePathStyle: opts.forcePathStyle,
      ...(opts.accessKeyId && opts.secretAccessKey
        ? { credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey } }
        : {}),
      // A store that is down must fail an upload in seconds (503), not hold the request for minutes.
      maxAttempts: 2,
      requestHandler: { connectionTimeout: 3000, requestTimeout: 15_000 },
    });
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    if (!isValidMediaKey(key)) throw new Error(`invalid media key '${key}'`);
    // One PUT is atomic: a reader sees the whole object or none.
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType, CacheControl: IMMUTABLE }),
    );
  }

  async get(key: string): Promise<StoredFile | null> {
    if (!isValidMediaKey(key)) return null;
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      const body = Buffer.from(await out.Body!.transformToByteArray());
      return {
        body,
        size: body.length,
        modifiedAt: out.LastModified ?? new Date(0),
        contentType: contentTypeOf(key) ?? out.ContentType ?? 'application/octet-stream',
      };
    } catch (err) {
      if (err instanceof NoSuchKey || err instanceof NotFound || (err as { name?: string }).name === 'NoSuchKey') return null;
      throw err;
    }
  }

  /** Size of the object, or null when it does not exist (media:migrate skips what is already there). */
  async sizeOf(key: string): Promise<number | null> {
    try {
      const out = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return out.ContentLength ?? 0;
    } catch (err) {
      if (err instanceof NotFound || (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    if (!isValidMediaKey(key)) return;
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  url(key: string): string {
    return this.publicUrl ? `${this.publicUrl}/${key}` : `${MEDIA_PATH_PREFIX}${key}`;
  }

  keyFromUrl(url: string): string | null {
    if (this.publicUrl && url.startsWith(`${this.publicUrl}/`)) {
      const key = url.slice(this.publicUrl.length + 1);
      return isValidMediaKey(key) ? key : null;
    }
    return keyFromMediaUrl(url, MEDIA_PATH_PREFIX);
  }

  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  close(): void {
    this.client.destroy();
  }
}
