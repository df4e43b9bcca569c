export { accountRoutes, identityGuestRoutes, identityPublicRoutes } from './routes';
