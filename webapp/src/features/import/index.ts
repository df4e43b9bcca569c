export { importRoutes } from './routes';
