import { connectServiceWorker, listenForInstallPrompt } from '@/shared/pwa';

/** Registers the service worker in production builds and listens for the install prompt. */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  listenForInstallPrompt();
  import('virtual:pwa-register')
    .then(({ registerSW }) => connectServiceWorker(registerSW))
    .catch(() => {});
}
