/** Administrative units for the other modules (addresses) and the routes. */
export { geoRoutes } from './routes.ts';
export {
  convertOldPlace,
  listDistricts,
  listProvinces,
  listProvinces2025,
  listWards,
  listWards2025,
  resolvePlace,
  type PlaceInput,
  type ResolvedPlace,
} from './service.ts';
