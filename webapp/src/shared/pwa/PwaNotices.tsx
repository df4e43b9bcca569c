import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadNamespaces, useLocale } from '@/shared/i18n';
import { Button } from '@/shared/ui';
import { promptInstall, usePwaState } from './pwaState';
import styles from './PwaNotices.module.css';

export const INSTALL_DISMISSED_KEY = 'lamplight:install-dismissed';
/** Set once "Lamplight now works offline" was shown in this browser: it is said once. */
export const OFFLINE_READY_SHOWN_KEY = 'lamplight:offline-ready-shown';

function readFlag(key: string): boolean {
  try {
    return localStorage.getItem(key) !== null;
  } catch {
    return false;
  }
}

function setFlag(key: string): void {
  try {
    localStorage.setItem(key, new Date().toISOString());
  } catch {
    // Storage unavailable: the notice may come back, which is harmless.
  }
}


/** Loads the pwa namespace once something is to be shown, so pages that show nothing skip it. */
function useStrings(needed: boolean): boolean {
  const { locale } = useLocale();
  const [loaded, setLoaded] = useState<string | null>(null);
  useEffect(() => {
    if (!needed) return;
    let live = true;
    loadNamespaces(locale, ['pwa']).then(
      () => live && setLoaded(locale),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [needed, locale]);
  return needed && loaded === locale;
}

/**
 * "A new version is available" with Reload, when an update waits (instead of a silent swap),
 * "Lamplight now works offline" once, the first time the app is precached,
 * and "Install app" when the browser offers installation and `offerInstall` (signed-in readers),
 * until dismissed in this browser.
 */
export function PwaNotices({ offerInstall }: { offerInstall: boolean }) {
  const { t } = useTranslation('pwa');
  const { applyUpdate, installPrompt, offlineReady } = usePwaState();
  const [dismissed, setDismissed] = useState(() => readFlag(INSTALL_DISMISSED_KEY));
  const [offlineSeen, setOfflineSeen] = useState(() => readFlag(OFFLINE_READY_SHOWN_KEY));
  const [reloading, setReloading] = useState(false);
  const showInstall = offerInstall && installPrompt !== null && !dismissed;
  const showOffline = offlineReady && !offlineSeen;
  // Said once: remembered as soon as it shows, whether or not OK is pressed.
  useEffect(() => {
    if (showOffline) setFlag(OFFLINE_READY_SHOWN_KEY);
  }, [showOffline]);
  const ready = useStrings(applyUpdate !== null || showInstall || showOffline);
  if (!ready) return null;

  return (
    <div className={styles.notices}>
      {applyUpdate && (
        <div role="status" className={styles.notice}>
          <p>{t('update.available')}</p>
          <div className={styles.actions}>
            <Button
              size="small"
              aria-busy={reloading || undefined}
              onClick={() => {
                setReloading(true);
                void applyUpdate();
              }}
            >
              {t('update.reload')}
            </Button>
          </div>
        </div>
      )}
      {showOffline && (
        <div role="status" className={styles.notice}>
          <p>{t('offline.ready')}</p>
          <div className={styles.actions}>
            <Button
              size="small"
              variant="ghost"
              onClick={() => setOfflineSeen(true)}
            >
              {t('offline.ok')}
            </Button>
          </div>
        </div>
      )}
      {showInstall && (
        <section aria-label={t('install.title')} className={styles.notice}>
          <p>{t('install.text')}</p>
          <div className={styles.actions}>
            <Button size="small" onClick={() => void promptInstall()}>
              {t('install.action')}
            </Button>
            <Button
              size="small"
              variant="ghost"
              onClick={() => {
                setFlag(INSTALL_DISMISSED_KEY);
                setDismissed(true);
              }}
            >
              {t('install.dismiss')}
            </Button>
          </div>
        </section>
      )}
    </div>
  );
}
