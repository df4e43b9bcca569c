export { progressRoutes } from './routes';
