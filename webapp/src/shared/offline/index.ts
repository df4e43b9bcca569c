// Offline first: the reader's data kept in IndexedDB, writes queued while offline and sent in
// order when the network returns, counts computed in the browser meanwhile (webapp/README.md).
export { OfflineStatus } from './OfflineStatus';
export { offlineSlice, offlineState } from './slice';
export { startOffline } from './sync';
