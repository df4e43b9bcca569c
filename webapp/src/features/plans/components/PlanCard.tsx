import { useTranslation } from 'react-i18next';
import { LocaleLink } from '@/shared/i18n';
import type { ReadingPlan } from '@/shared/readmodels';
import { usePlanFormats } from '../lib/format';
import { usePlanText } from '../lib/names';
import { planCoverage } from '../lib/progress';
import { Meter } from './Meter';
import styles from './PlanCard.module.css';

/** One of the reader's plans in the list: where it stands, days done and passages read. */
export function PlanCard({ plan }: { plan: ReadingPlan }) {
  const { t } = useTranslation('plans');
  const formats = usePlanFormats();
  const name = usePlanText().name(plan.source, plan.name);
  const coverage = planCoverage(plan);
  const next = plan.nextDay !== null ? plan.days[plan.nextDay - 1] : undefined;
  const cyclic = plan.days.length === 0;
  return (
    <li className={styles.card}>
      <h3 className={styles.name}>
        <LocaleLink to={`/plans/${plan.id}`}>{name}</LocaleLink>
      </h3>
      <p className={styles.status}>
        {plan.paused
          ? t('status.paused')
          : cyclic
            ? t('status.cyclic')
            : next
              ? t('status.next', { day: next.day, passages: formats.passages(next.passages) })
              : t('status.finished')}
      </p>
      {!cyclic && (
        <Meter
          label={t('card.days')}
          valueText={t('card.daysValue', { done: formats.integer(plan.daysDone), total: formats.integer(plan.totalDays) })}
          value={plan.daysDone}
          max={plan.totalDays}
        />
      )}
      <Meter
        label={t('card.coverage')}
        valueText={t('card.coverageValue', { done: formats.integer(coverage.done), total: formats.integer(coverage.total) })}
        value={coverage.done}
        max={coverage.total}
        tone="coverage"
      />
    </li>
  );
}
