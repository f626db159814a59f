// npm run media:migrate: copies the local media files (DATA_DIR/media) to the S3 bucket of MEDIA_STORAGE=s3.
// Safe to run again: an object already in the bucket with the same size is skipped (names never change content).
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { S3Storage } from '../modules/media/s3-storage.ts';
import { contentTypeOf, isValidMediaKey } from '../modules/media/storage.ts';

async function* walk(dir: string): AsyncGenerator<string> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) yield* walk(full);
    else if (e.isFile()) yield full;
  }
}

const config = loadConfig();
if (config.MEDIA_STORAGE !== 's3') {
  console.error('media:migrate: set MEDIA_STORAGE=s3 and the S3_* settings of the target bucket.');
  process.exit(1);
}
const storage = new S3Storage({
  endpoint: config.S3_ENDPOINT,
  bucket: config.S3_BUCKET!,
  region: config.S3_REGION,
  accessKeyId: config.S3_ACCESS_KEY_ID,
  secretAccessKey: config.S3_SECRET_ACCESS_KEY,
  forcePathStyle: config.S3_FORCE_PATH_STYLE,
});
const root = path.join(config.DATA_DIR, 'media');
let copied = 0;
let skipped = 0;
let ignored = 0;
for await (const file of walk(root)) {
  const key = path.relative(root, file).split(path.sep).join('/');
  // Temporary files of an interrupted write, or anything the store would never serve.
  if (!isValidMediaKey(key)) {
    ignored += 1;
    continue;
  }
  const body = await readFile(file);
  if ((await storage.sizeOf(key)) === body.length) {
    skipped += 1;
    continue;
  }
  await storage.put(key, body, contentTypeOf(key) ?? 'application/octet-stream');
  copied += 1;
}
storage.close();
console.log(`media:migrate: ${copied} copied, ${skipped} already in the bucket, ${ignored} ignored (from ${root} to bucket ${config.S3_BUCKET}).`);
