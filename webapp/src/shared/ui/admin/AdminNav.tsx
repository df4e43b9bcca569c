import { useTranslation } from 'react-i18next';
import { LocaleNavLink } from '@/shared/i18n';
import styles from './AdminNav.module.css';

/** Links between the admin pages, on each of them; the pages belong to different features. */
export function AdminNav() {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('adminNav.label')} className={styles.subnav}>
      <LocaleNavLink end to="/admin/users">
        {t('adminNav.users')}
      </LocaleNavLink>
      <LocaleNavLink end to="/admin/users/report">
        {t('adminNav.report')}
      </LocaleNavLink>
      <LocaleNavLink end to="/admin/engagement">
        {t('adminNav.engagement')}
      </LocaleNavLink>
      <LocaleNavLink end to="/admin/feedback">
        {t('adminNav.feedback')}
      </LocaleNavLink>
    </nav>
  );
}
