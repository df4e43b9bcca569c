export { resourcesRoutes } from './routes';
