import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// scrypt with N=2^15, r=8, p=1 (OWASP's recommended minimum is N=2^17 with 64 MiB; 2^15 keeps login fast on 2 cores).
const params = { N: 2 ** 15, r: 8, p: 1, keyLen: 64 };

function derive(password: string, salt: Buffer, opts: ScryptOptions & { keyLen: number }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, opts.keyLen, { N: opts.N, r: opts.r, p: opts.p, maxmem: 128 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

/** Hashes a password (or an OTP) as `scrypt$N$r$p$salt$hash`, all parameters kept for later upgrades. */
export async function hashSecret(secret: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(secret, salt, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifySecret(secret: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, saltB64, hashB64] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(hashB64, 'base64url');
  const key = await derive(secret, Buffer.from(saltB64, 'base64url'), { N: Number(n), r: Number(r), p: Number(p), keyLen: expected.length });
  return key.length === expected.length && timingSafeEqual(key, expected);
}
