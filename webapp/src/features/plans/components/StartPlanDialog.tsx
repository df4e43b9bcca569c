import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError } from '@/shared/api';
import { useLocaleNavigate } from '@/shared/i18n';
import { useReaderToday } from '@/shared/reader';
import { Button, FormAlert, Modal, ModalActions, ModalTitle, SubmitButton, useFormErrors } from '@/shared/ui';
import { useCreatePlanMutation, type PlanTemplateSummary } from '../api';
import { WEEKDAYS } from '../lib/schedule';
import { usePlanText } from '../lib/names';
import { ScheduleFields, type Schedule } from './ScheduleFields';

/** Starts a library plan: from today or a date before, on the chosen weekdays; then opens it. */
export function StartPlanDialog({ template, onClose }: { template: PlanTemplateSummary; onClose(): void }) {
  const { t } = useTranslation('plans');
  const id = useId();
  const { today } = useReaderToday();
  const navigate = useLocaleNavigate();
  const [create, { isLoading }] = useCreatePlanMutation();
  const [schedule, setSchedule] = useState<Schedule>({ startDate: today, weekdays: [...WEEKDAYS] });
  const form = useFormErrors({ startDate: t('schedule.startDate'), weekdays: t('schedule.weekdays') });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!schedule.startDate) return form.showFieldErrors({ startDate: form.message('startDate', { code: 'required' }) });
    if (schedule.weekdays.length === 0) return form.showFieldErrors({ weekdays: t('schedule.noWeekday') });
    form.clear();
    try {
      const plan = await create({ template: template.id, startDate: schedule.startDate, weekdays: schedule.weekdays }).unwrap();
      onClose();
      navigate(`/plans/${plan.id}`);
    } catch (caught) {
      form.showApiError(toApiError(caught));
    }
  }

  return (
    <Modal labelledBy={`${id}-title`} onCancel={onClose}>
      <ModalTitle id={`${id}-title`}>{t('start.title', { name: usePlanText().name(template.id, template.name) })}</ModalTitle>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        {form.formError && <FormAlert>{form.formError}</FormAlert>}
        <ScheduleFields value={schedule} onChange={setSchedule} today={today} errors={form.errors} inputRef={form.inputRef} />
        <ModalActions>
          <Button variant="secondary" onClick={onClose}>
            {t('start.cancel')}
          </Button>
          <SubmitButton busy={isLoading} busyLabel={t('start.busy')}>
            {t('start.submit')}
          </SubmitButton>
        </ModalActions>
      </form>
    </Modal>
  );
}
