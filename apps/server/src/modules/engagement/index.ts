/**
 * Engagement: favourites, ratings and reviews, comments. The catalogue shows likes and ratings through
 * engagementPort, which the composition root hands to the catalogue service.
 */
export { engagementRoutes } from './routes.ts';
export { engagementPort } from './lookup.ts';
