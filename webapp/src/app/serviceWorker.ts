/** Registers the service worker in production builds. Any failure is ignored on purpose. */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  import('virtual:pwa-register')
    .then(({ registerSW }) => registerSW({ immediate: true, onRegisterError: () => {} }))
    .catch(() => {});
}
