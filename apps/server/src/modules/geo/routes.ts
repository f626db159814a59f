import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addressConversionQuerySchema, text } from '@nhasach/shared';
import { convertOldPlace, listDistricts, listProvinces, listProvinces2025, listWards, listWards2025 } from './service.ts';

const codeParams = z.object({ code: text('Mã đơn vị hành chính').trim().regex(/^\d{1,6}$/, 'Mã đơn vị hành chính không hợp lệ.') });

// The list changes only with a new package version: browsers and proxies may keep it for a day.
const cacheable = (reply: FastifyReply) => reply.header('cache-control', 'public, max-age=86400');

/**
 * Provinces, districts and wards for the address form, from our own data. Under /api/v1: /geo/... the units before
 * July 2025 (three levels), /geo/v2/... the units since (two levels) and the conversion of an old ward.
 */
export async function geoRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['geo'];
  r.get('/geo/provinces', { schema: { tags, summary: 'The 63 provinces and cities [{code, name}]' } }, (_request, reply) => {
    cacheable(reply);
    return listProvinces();
  });
  r.get(
    '/geo/provinces/:code/districts',
    { schema: { tags, summary: 'Districts of a province [{code, name}]', params: codeParams } },
    (request, reply) => {
      const list = listDistricts(request.params.code);
      cacheable(reply);
      return list;
    },
  );
  r.get(
    '/geo/districts/:code/wards',
    { schema: { tags, summary: 'Wards of a district [{code, name}]', params: codeParams } },
    (request, reply) => {
      const list = listWards(request.params.code);
      cacheable(reply);
      return list;
    },
  );

  r.get('/geo/v2/provinces', { schema: { tags, summary: 'The 34 provinces and cities since July 2025 [{code, name}]' } }, (_request, reply) => {
    cacheable(reply);
    return listProvinces2025();
  });
  r.get(
    '/geo/v2/provinces/:code/wards',
    { schema: { tags, summary: 'Wards and communes of a province since July 2025 [{code, name}]', params: codeParams } },
    (request, reply) => {
      const list = listWards2025(request.params.code);
      cacheable(reply);
      return list;
    },
  );
  r.get(
    '/geo/v2/convert',
    {
      schema: {
        tags,
        summary: 'The units since July 2025 of an old ward, by the official mapping {candidates: [{provinceCode, province, wardCode, ward}], matchedBy}',
        querystring: addressConversionQuerySchema,
      },
    },
    (request, reply) => {
      const result = convertOldPlace(request.query);
      cacheable(reply);
      return result;
    },
  );
}
