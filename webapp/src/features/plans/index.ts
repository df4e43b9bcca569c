export { plansRoutes } from './routes';
