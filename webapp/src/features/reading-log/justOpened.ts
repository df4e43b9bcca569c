// Loaded on demand by the app shell when a passage opened in the Bible app waits to be logged.
export { JustOpened } from './components/JustOpened';
