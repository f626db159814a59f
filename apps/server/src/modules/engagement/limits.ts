import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createLimiter } from '../../lib/rate-limit.ts';

const MINUTE = 60_000;

/** Counted per logged-in user (these routes run after `authenticate`). */
const byUser = (request: FastifyRequest) => (request.authUser ? String(request.authUser.id) : undefined);

/**
 * Flood limits of the engagement writes (max is multiplied by RATE_LIMIT_SCALE): generous for people,
 * tight enough that a script cannot fill a book page with comments.
 */
export function createEngagementLimits(app: FastifyInstance) {
  return {
    commentPost: createLimiter(app, {
      name: 'comment-post',
      max: 10,
      windowMs: MINUTE,
      key: byUser,
      message: (s) => `Bạn bình luận quá nhanh. Vui lòng thử lại sau ${s} giây.`,
    }),
    ratingWrite: createLimiter(app, { name: 'rating-write', max: 20, windowMs: MINUTE, key: byUser }),
    commentEdit: createLimiter(app, { name: 'comment-edit', max: 30, windowMs: MINUTE, key: byUser }),
    // Toggles and likes are cheap and clicked quickly; the limit only stops scripted bursts.
    toggle: createLimiter(app, { name: 'engagement-toggle', max: 120, windowMs: MINUTE, key: byUser }),
  };
}
