export { reminderPublicRoutes, reminderRoutes } from './routes';
