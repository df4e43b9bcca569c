export { tagsRoutes } from './routes';
