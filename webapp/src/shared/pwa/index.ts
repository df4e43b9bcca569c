export { clearReaderCaches } from './clearReaderCaches';
export { connectServiceWorker } from './connect';
export { PwaNotices } from './PwaNotices';
export { listenForInstallPrompt } from './pwaState';
