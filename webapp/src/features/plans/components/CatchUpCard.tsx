import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError } from '@/shared/api';
import { useReaderToday } from '@/shared/reader';
import type { ReadingPlan } from '@/shared/readmodels';
import { Button, FormAlert, SubmitButton, useErrorMessages } from '@/shared/ui';
import { useCatchUpPlanMutation, type CatchUpMode } from '../api';
import { usePlanFormats } from '../lib/format';
import { addDays } from '../lib/schedule';
import styles from './CatchUpCard.module.css';

type Choice = Exclude<CatchUpMode, 'undo' | 'resume'>;
const CHOICES: Choice[] = ['shift', 'rebalance', 'spread', 'extend', 'pause'];

/**
 * The choices when the schedule is ahead of the reading, offered as a card and never as a count of
 * days behind; each is one tap, and the last one taken can be undone.
 */
export function CatchUpCard({ plan }: { plan: ReadingPlan }) {
  const { t } = useTranslation('plans');
  const id = useId();
  const formats = usePlanFormats();
  const messages = useErrorMessages();
  const { today } = useReaderToday();
  const [catchUp, { isLoading, originalArgs }] = useCatchUpPlanMutation();
  const [taken, setTaken] = useState<Exclude<CatchUpMode, 'undo'> | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function take(mode: CatchUpMode) {
    setError(null);
    try {
      await catchUp({ id: plan.id, mode, today }).unwrap();
      setTaken(mode === 'undo' ? null : mode);
    } catch (caught) {
      setError(messages.request(toApiError(caught)) ?? t('catchUp.failed'));
    }
  }

  const effect = (mode: Choice) => {
    if (mode === 'shift' && plan.projectedFinish) return t('catchUp.effect.shift', { date: formats.date(plan.projectedFinish) });
    if (mode === 'rebalance' && plan.endDate) return t('catchUp.effect.rebalance', { date: formats.date(plan.endDate) });
    if (mode === 'extend' && plan.endDate) return t('catchUp.effect.extend', { date: formats.date(addDays(plan.endDate, 7)) });
    return t(`catchUp.effect.${mode}`);
  };

  const busy = (mode: CatchUpMode) => isLoading && originalArgs?.mode === mode;
  const behind = plan.behind > 0 && !plan.paused && plan.nextDay !== null;

  if (taken) {
    return (
      <section className={styles.card} aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className={styles.title}>
          {t(`catchUp.taken.${taken}`)}
        </h2>
        <p role="status" className={styles.muted}>
          {plan.projectedFinish ? t('catchUp.finish', { date: formats.date(plan.projectedFinish) }) : t('catchUp.saved')}
        </p>
        {error && <FormAlert>{error}</FormAlert>}
        <div className={styles.row}>
          <SubmitButton type="button" variant="secondary" size="small" busy={busy('undo')} onClick={() => void take('undo')}>
            {t('catchUp.undo')}
          </SubmitButton>
          <Button variant="ghost" size="small" onClick={() => setTaken(null)}>
            {t('catchUp.dismiss')}
          </Button>
        </div>
      </section>
    );
  }

  if (plan.paused) {
    return (
      <section className={styles.card} aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className={styles.title}>
          {t('catchUp.pausedTitle')}
        </h2>
        <p className={styles.muted}>{t('catchUp.pausedText')}</p>
        {error && <FormAlert>{error}</FormAlert>}
        <SubmitButton type="button" size="small" busy={busy('resume')} onClick={() => void take('resume')}>
          {t('catchUp.resume')}
        </SubmitButton>
      </section>
    );
  }

  if (!behind) return null;
  return (
    <section className={styles.card} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.title}>
        {t('catchUp.title')}
      </h2>
      <p className={styles.muted}>{t('catchUp.lead')}</p>
      {error && <FormAlert>{error}</FormAlert>}
      <ul className={styles.choices}>
        {CHOICES.map((mode) => (
          <li key={mode} className={styles.choice}>
            <SubmitButton type="button" size="small" variant={mode === 'shift' ? 'primary' : 'secondary'} busy={busy(mode)} aria-describedby={`${id}-${mode}`} onClick={() => void take(mode)}>
              {t(`catchUp.mode.${mode}`)}
            </SubmitButton>
            <span id={`${id}-${mode}`} className={styles.effect}>
              {effect(mode)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
