import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface CaughtMail {
  from: string;
  to: string[];
  raw: string;
  subject: string;
  /** Decoded text of the whole message (quoted-printable and base64 parts decoded). */
  text: string;
}

/** A real SMTP server on loopback that keeps every message it receives, for tests. */
export interface MailCatcher {
  url: string;
  mails: CaughtMail[];
  /** Waits for a mail to `to` (matching `predicate`) and returns it. */
  waitFor(to: string, predicate?: (m: CaughtMail) => boolean, timeoutMs?: number): Promise<CaughtMail>;
  /** The 6-digit code in the latest mail to `to`. */
  otpFor(to: string, timeoutMs?: number): Promise<string>;
  close(): Promise<void>;
}

function decodeQuotedPrintable(s: string): string {
  const bytes: number[] = [];
  const src = s.replace(/=\r?\n/g, '');
  for (let i = 0; i < src.length; i++) {
    const ch = src[i]!;
    if (ch === '=' && /^[0-9A-F]{2}$/i.test(src.slice(i + 1, i + 3))) {
      bytes.push(parseInt(src.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(ch, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeHeader(value: string): string {
  // Whitespace between two adjacent encoded words is not part of the text (RFC 2047 section 6.2).
  return value.replace(/\?=\s+=\?/g, '?==?').replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_m, enc: string, data: string) =>
    enc.toLowerCase() === 'b' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );
}

function decodeBody(raw: string): string {
  const parts: string[] = [];
  const sections = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  for (const section of sections) {
    const [head = '', ...rest] = section.split(/\r?\n\r?\n/);
    const body = rest.join('\n\n');
    if (/content-transfer-encoding:\s*base64/i.test(head)) parts.push(Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8'));
    else if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) parts.push(decodeQuotedPrintable(body));
    else parts.push(body);
  }
  return parts.join('\n');
}

export async function startMailCatcher(): Promise<MailCatcher> {
  const mails: CaughtMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const subjectLine = /^subject:\s*(.*(?:\r?\n[ \t].*)*)/im.exec(raw)?.[1] ?? '';
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw,
          subject: decodeHeader(subjectLine.replace(/\r?\n[ \t]/g, ' ')),
          text: decodeBody(raw),
        });
        for (const w of waiters) w();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  const catcher: MailCatcher = {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitFor(to, predicate = () => true, timeoutMs = 10_000) {
      const find = () => [...mails].reverse().find((m) => m.to.includes(to.toLowerCase()) && predicate(m));
      return new Promise((resolve, reject) => {
        const found = find();
        if (found) return resolve(found);
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no mail to ${to} within ${timeoutMs} ms`));
        }, timeoutMs);
        const check = () => {
          const m = find();
          if (m) {
            clearTimeout(timer);
            waiters.delete(check);
            resolve(m);
          }
        };
        waiters.add(check);
      });
    },
    async otpFor(to, timeoutMs) {
      const mail = await catcher.waitFor(to, (m) => /\b\d{6}\b/.test(m.text), timeoutMs);
      return /\b(\d{6})\b/.exec(mail.text)![1]!;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return catcher;
}
