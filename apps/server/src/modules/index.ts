import type { FastifyInstance } from 'fastify';

/** Registers every domain module. Each module adds its own routes under /api. */
export async function registerModules(_app: FastifyInstance): Promise<void> {
  // Domain modules are registered here.
}
