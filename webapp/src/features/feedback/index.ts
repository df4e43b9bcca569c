export { FeedbackButton } from './FeedbackButton';
export { adminFeedbackRoutes, feedbackRoutes } from './routes';
