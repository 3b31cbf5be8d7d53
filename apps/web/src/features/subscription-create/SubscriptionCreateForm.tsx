import { SubscriptionLimits } from '@satportal/contract';
import { Alert, Button, Form, Input } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentAoi } from '../../map/react/useCurrentAoi';
import type { CurrentAoi } from '../../map/types';
import { ConditionForm } from '../../shared/conditions/ConditionForm';
import { searchAoiOf, slidersOf } from '../../shared/conditions/conditions';
import { QualityOrbitFields } from '../../shared/conditions/FormParts';
import { useSatelliteCatalogue } from '../../shared/conditions/useSatelliteCatalogue';
import { dayIn } from '../../shared/format/days';
import { PanelId, usePanelStore } from '../../shared/panelStore';
import { useToast } from '../../shared/ui/toast';
import { useMe } from '../auth/useMe';
import { useTimeFormat } from '../auth/useTimeFormat';
import { CreateOutcome } from './CreateOutcome';
import styles from './subscriptionCreate.module.css';
import { useSubscriptionCreateStore } from './subscriptionCreateStore';
import { useSubscriptionDraftStore } from './subscriptionDraftStore';
import {
  aoiNameOf,
  defaultSubscriptionName,
  isSubscriptionDayDisabled,
  panelRequestParts,
  type SubscriptionAoi,
  selectionOfDraft,
  subscriptionCreateRequest,
  validateSubscription,
} from './subscriptionForm';
import { useCreateSubscription } from './useCreateSubscription';

const sliders = slidersOf(['cc', 'ona', 'sza', 'ac'], { sza: 'subscribe.szaLabel' });

/** The map's current AOI as a subscription's (a point is none). */
function mapAoiOf(current: CurrentAoi | null): SubscriptionAoi | null {
  const geometry = searchAoiOf(current);
  return geometry && current ? { geometry, name: current.name, aoiId: current.id } : null;
}

/**
 * The search centre's AOI Subscription tab (spec 000 §2 "Subscription create panel", §5): name,
 * window, cloud, off-nadir, solar angle, coverage, qualities, orbit, sensor and satellite groups,
 * the account's e-mail (read-only) and Submit. The AOI is the map's, or one a draft brought
 * (Re-subscribe, the no-archive dialog), which the user can give up for the map's.
 */
export function SubscriptionCreateForm() {
  const { t } = useTranslation();
  const me = useMe();
  const { timeZone } = useTimeFormat();
  const today = dayIn(new Date(), timeZone);
  const catalogue = useSatelliteCatalogue(false);
  const currentAoi = useCurrentAoi();
  const state = useSubscriptionCreateStore();
  const { conditions, setConditions, draftAoi, name } = state;
  const draft = useSubscriptionDraftStore((s) => s.draft);
  const { mutation, refusal } = useCreateSubscription();
  const message = useToast();
  const openPanel = usePanelStore((s) => s.open);

  // A draft set elsewhere fills the form once the catalogue can map its satellites to groups.
  const catalogueData = catalogue.data;
  const resetCreate = mutation.reset;
  useEffect(() => {
    if (!draft || !catalogueData) return;
    useSubscriptionCreateStore
      .getState()
      .applyDraft(draft, today, selectionOfDraft(catalogueData, draft.sensor, draft.satIds));
    useSubscriptionDraftStore.getState().clearDraft();
    resetCreate();
  }, [draft, catalogueData, today, resetCreate]);

  const aoi = draftAoi ?? mapAoiOf(currentAoi);
  const drawnName = t('subscribe.drawnAoi');
  const shownAoi: CurrentAoi | null = aoi
    ? { id: aoi.aoiId, name: aoi.name, geojson: aoi.geometry as CurrentAoi['geojson'] }
    : null;

  const submit = () => {
    const problem = validateSubscription({
      aoi: aoi?.geometry ?? null,
      conditions,
      satGroupCount: state.selection.satGroups.length,
      name,
      today,
    })[0];
    if (problem) {
      void message.warning({
        key: `subscription-form:${problem.key}`,
        content: t(problem.key, problem.params),
      });
      return;
    }
    if (!aoi || !catalogueData) return;
    const parts = panelRequestParts({
      conditions,
      catalogue: catalogueData,
      type: state.type,
      selection: state.selection,
    });
    mutation.mutate(subscriptionCreateRequest({ name, aoi, drawnName, ...parts }), {
      onSuccess: () => state.resetName(),
    });
  };

  if (catalogue.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={t('search.satellitesFailed')}
        action={
          <Button size="small" onClick={() => void catalogue.refetch()}>
            {t('search.retry')}
          </Button>
        }
      />
    );

  return (
    <ConditionForm
      kind="subscription"
      aoi={shownAoi}
      catalogue={catalogueData}
      state={state}
      timeZone={timeZone}
      dateLabel={t('subscribe.dateRange')}
      isDayDisabled={(day) => isSubscriptionDayDisabled(day, today)}
      sliders={sliders}
      beforeDates={
        <>
          {draftAoi && (
            <Button
              type="link"
              size="small"
              className={styles.mapAoi}
              onClick={state.backToMapAoi}
              data-testid="subscription-map-aoi"
            >
              {t('subscribe.useMapAoi')}
            </Button>
          )}
          <Form.Item label={t('subscribe.name')}>
            <Input
              value={name}
              maxLength={SubscriptionLimits.nameMax}
              showCount
              placeholder={defaultSubscriptionName(aoi ? aoiNameOf(aoi, drawnName) : '…')}
              onChange={(e) => state.setName(e.target.value)}
              data-testid="subscription-name"
            />
          </Form.Item>
        </>
      }
      afterSliders={
        <QualityOrbitFields
          qualities={conditions.productQualities}
          orbit={conditions.orbit}
          onChange={setConditions}
          testId="subscription"
        />
      }
    >
      <Form.Item label={t('subscribe.email')}>
        <Input value={me?.email ?? ''} readOnly disabled data-testid="subscription-email" />
        {!me?.email && <p className={styles.noEmail}>{t('subscribe.noEmail')}</p>}
      </Form.Item>
      <CreateOutcome
        refusal={refusal}
        created={mutation.isSuccess}
        onOpenCentre={() => openPanel(PanelId.SubscriptionCentre)}
        testId="subscription"
      />
      <Button
        type="primary"
        block
        size="middle"
        loading={mutation.isPending}
        onClick={submit}
        data-testid="subscription-submit"
      >
        {t('subscribe.submit')}
      </Button>
    </ConditionForm>
  );
}
