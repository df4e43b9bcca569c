import { useTranslation } from 'react-i18next';
import { LocaleNavLink } from '@/shared/i18n';
import styles from './admin.module.css';

/** Links between the admin pages this feature serves. */
export function AdminNav() {
  const { t } = useTranslation('admin');
  return (
    <nav aria-label={t('nav.label')} className={styles.subnav}>
      <LocaleNavLink end to="/admin/users">
        {t('nav.users')}
      </LocaleNavLink>
      <LocaleNavLink end to="/admin/users/report">
        {t('nav.report')}
      </LocaleNavLink>
      <LocaleNavLink end to="/admin/engagement">
        {t('nav.engagement')}
      </LocaleNavLink>
    </nav>
  );
}
