export { adminPlaceholderRoutes, readerPlaceholderRoutes } from './routes';
