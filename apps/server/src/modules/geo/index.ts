/** Administrative units for the other modules (addresses) and the routes. */
export { geoRoutes } from './routes.ts';
export { listDistricts, listProvinces, listWards, resolvePlace, type PlaceInput, type ResolvedPlace } from './service.ts';
