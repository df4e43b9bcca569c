export { readingLogRoutes } from './routes';
