import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadNamespaces, useLocale } from '@/shared/i18n';
import { Button } from '@/shared/ui';
import { promptInstall, usePwaState } from './pwaState';
import styles from './PwaNotices.module.css';

export const INSTALL_DISMISSED_KEY = 'lamplight:install-dismissed';

function readDismissed(): boolean {
  try {
    return localStorage.getItem(INSTALL_DISMISSED_KEY) !== null;
  } catch {
    return false;
  }
}

function rememberDismissed(): void {
  try {
    localStorage.setItem(INSTALL_DISMISSED_KEY, new Date().toISOString());
  } catch {
    // Storage unavailable: the offer comes back next time, which is harmless.
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
 * and "Install app" when the browser offers installation and `offerInstall` (signed-in readers),
 * until dismissed in this browser.
 */
export function PwaNotices({ offerInstall }: { offerInstall: boolean }) {
  const { t } = useTranslation('pwa');
  const { applyUpdate, installPrompt } = usePwaState();
  const [dismissed, setDismissed] = useState(readDismissed);
  const [reloading, setReloading] = useState(false);
  const showInstall = offerInstall && installPrompt !== null && !dismissed;
  const ready = useStrings(applyUpdate !== null || showInstall);
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
                rememberDismissed();
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
