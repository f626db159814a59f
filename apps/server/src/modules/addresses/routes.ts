import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { addressInputSchema, idParams as sharedIdParams } from '@nhasach/shared';
import { envelope } from '../../lib/envelope.ts';
import { authenticate, currentUser } from '../../lib/guards.ts';
import * as service from './service.ts';

const idParams = sharedIdParams('id');

/** Spec section 7, Addresses: the caller's own address book. Under /api/v1. */
export async function addressRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['addresses'];
  const security = [{ bearerAuth: [] }];
  r.addHook('onRequest', authenticate);

  r.get('/address', { schema: { tags, security, summary: 'My addresses, default first' } }, (request) =>
    service.listAddresses(app.db, currentUser(request).id),
  );
  r.get('/address/:id', { schema: { tags, security, summary: 'One of my addresses', params: idParams } }, (request) =>
    service.getAddress(app.db, currentUser(request).id, request.params.id),
  );
  r.post('/address', { schema: { tags, security, summary: 'Add an address', body: addressInputSchema } }, async (request, reply) => {
    const address = await service.createAddress(app.db, currentUser(request).id, request.body);
    reply.status(201);
    return envelope(201, address, 'Thêm địa chỉ thành công');
  });
  r.put(
    '/address/:id',
    { schema: { tags, security, summary: 'Edit an address', params: idParams, body: addressInputSchema } },
    async (request) =>
      envelope(200, await service.updateAddress(app.db, currentUser(request).id, request.params.id, request.body), 'Cập nhật địa chỉ thành công'),
  );
  r.patch('/address/:id', { schema: { tags, security, summary: 'Make it the default address (no body)', params: idParams } }, async (request) =>
    envelope(200, await service.setDefaultAddress(app.db, currentUser(request).id, request.params.id), 'Đã đặt làm địa chỉ mặc định'),
  );
  r.delete('/address/:id', { schema: { tags, security, summary: 'Delete an address', params: idParams } }, async (request) => {
    await service.deleteAddress(app.db, currentUser(request).id, request.params.id);
    return envelope(200, null, 'Xoá địa chỉ thành công');
  });
}
