export { readerPlaceholderRoutes } from './routes';
