import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/shared/lib/useDocumentTitle';
import { useReaderToday } from '@/shared/reader';
import { useGetReadingPlansQuery } from '@/shared/readmodels';
import { Button, EmptyState, LoadError, Loading, PageHeader, ProgressBar } from '@/shared/ui';
import { useGetPlanTemplatesQuery, type PlanTemplateSummary } from '../api';
import { GeneratorForm } from '../components/GeneratorForm';
import { ImportForm } from '../components/ImportForm';
import { PlanCard } from '../components/PlanCard';
import { StartPlanDialog } from '../components/StartPlanDialog';
import { usePlanFormats } from '../lib/format';
import { usePlanText } from '../lib/names';
import styles from './PlansPage.module.css';

function TemplateCard({ template, onStart }: { template: PlanTemplateSummary; onStart(): void }) {
  const { t } = useTranslation('plans');
  const formats = usePlanFormats();
  const text = usePlanText();
  const name = text.name(template.id, template.name);
  return (
    <li className={styles.template}>
      <h3 className={styles.templateName}>{name}</h3>
      <p className={styles.facts}>
        {template.cyclic ? t('library.cyclic') : t('library.days', { count: template.days, n: formats.integer(template.days) })}
        <span aria-hidden="true"> · </span>
        {t('library.minutes', { count: template.minutesPerDay, n: formats.integer(template.minutesPerDay) })}
      </p>
      <p className={styles.description}>{text.description(template.id, template.description)}</p>
      <Button className={styles.start} size="small" onClick={onStart} aria-label={t('library.startNamed', { name })}>
        {t('library.start')}
      </Button>
    </li>
  );
}

/** /plans: the reader's plans with their progress, the library, the generator and import. */
export function PlansPage() {
  const { t } = useTranslation('plans');
  useDocumentTitle(t('title'));
  const { today } = useReaderToday();
  const plans = useGetReadingPlansQuery(today);
  const templates = useGetPlanTemplatesQuery();
  const [starting, setStarting] = useState<PlanTemplateSummary | null>(null);

  return (
    <div className={styles.page}>
      <ProgressBar active={plans.isFetching || templates.isFetching} label={t('loading')} />
      <PageHeader title={t('title')} />
      <p className={styles.lead}>{t('lead')}</p>

      <section className={styles.section} aria-labelledby="plans-mine">
        <h2 id="plans-mine">{t('mine.heading')}</h2>
        {plans.isLoading ? (
          <Loading>{t('loading')}</Loading>
        ) : plans.isError ? (
          <LoadError message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void plans.refetch()} />
        ) : plans.data && plans.data.length > 0 ? (
          <ul className={styles.grid} aria-labelledby="plans-mine">
            {plans.data.map((plan) => (
              <PlanCard key={plan.id} plan={plan} />
            ))}
          </ul>
        ) : (
          <EmptyState level={3} title={t('mine.emptyTitle')} text={t('mine.emptyText')} />
        )}
      </section>

      <section className={styles.section} aria-labelledby="plans-library">
        <h2 id="plans-library">{t('library.heading')}</h2>
        <p className={styles.muted}>{t('library.lead')}</p>
        {templates.isLoading ? (
          <Loading>{t('loading')}</Loading>
        ) : templates.isError ? (
          <LoadError message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void templates.refetch()} />
        ) : (
          <ul className={styles.grid} aria-labelledby="plans-library">
            {(templates.data ?? []).map((template) => (
              <TemplateCard key={template.id} template={template} onStart={() => setStarting(template)} />
            ))}
          </ul>
        )}
      </section>

      <section className={styles.section} aria-labelledby="plans-own">
        <h2 id="plans-own">{t('own.heading')}</h2>
        <div className={styles.own}>
          <GeneratorForm />
          <ImportForm />
        </div>
      </section>

      {starting && <StartPlanDialog template={starting} onClose={() => setStarting(null)} />}
    </div>
  );
}
