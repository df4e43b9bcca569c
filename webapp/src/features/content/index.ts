export { contentRoutes } from './routes';
