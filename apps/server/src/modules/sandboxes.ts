import type { FastifyInstance } from 'fastify';
import { bankTransferSettings, vnpaySettings } from './payments/index.ts';
import { CARRIER_SANDBOX_BASE } from './shipping/index.ts';

/**
 * The built-in sandboxes (a VNPAY gateway, a test bank, a test carrier): each is imported and registered only when turned on, so
 * a production start without them never loads their code. When off, their paths answer 404 here (not the web
 * app's page, which would answer 200 to any path).
 */
const SANDBOXES = [
  {
    path: '/sandbox/vnpay',
    on: (app: FastifyInstance) => vnpaySettings(app.config).sandbox,
    load: async () => (await import('./vnpay-sandbox/index.ts')).vnpaySandboxPlugin,
    off: 'Cổng thanh toán thử nghiệm không bật trên cửa hàng này.',
  },
  {
    path: '/sandbox/bank',
    on: (app: FastifyInstance) => bankTransferSettings(app.config).sandbox,
    load: async () => (await import('./bank-sandbox/index.ts')).bankSandboxPlugin,
    off: 'Ngân hàng thử nghiệm không bật trên cửa hàng này.',
  },
  {
    path: CARRIER_SANDBOX_BASE,
    on: (app: FastifyInstance) => app.config.SHIPPING_CARRIER === 'sandbox',
    load: async () => (await import('./carrier-sandbox/index.ts')).carrierSandboxPlugin,
    off: 'Đơn vị vận chuyển thử nghiệm không bật trên cửa hàng này.',
  },
] as const;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const offPage = (message: string) =>
  `<!doctype html>\n<html lang="vi"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Không tìm thấy</title></head>` +
  `<body><main><h1>Không tìm thấy</h1><p>${escapeHtml(message)}</p></main></body></html>`;

export async function registerSandboxes(app: FastifyInstance): Promise<void> {
  for (const sandbox of SANDBOXES) {
    if (sandbox.on(app)) {
      await app.register(await sandbox.load());
      continue;
    }
    await app.register(async (scope) => {
      // Whatever a form posts there is not read: the answer is the same 404.
      scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 16 * 1024 }, (_request, _body, done) => done(null));
      for (const url of [sandbox.path, `${sandbox.path}/*`]) {
        scope.all(url, { schema: { hide: true } }, async (_request, reply) =>
          reply.status(404).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(offPage(sandbox.off)),
        );
      }
    });
  }
}
