export { insightsRoutes } from './routes';
