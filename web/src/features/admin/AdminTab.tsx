import './admin.css';
import { useState } from 'react';
import { Tabs } from '../../components/Tabs';
import { useParams } from 'react-router-dom';
import { usesAuthEmulator } from '../../lib/config';
import { useAllPredictions, useClock } from './adminApi';
import { OPENING_FILTERS } from './adminFilters';
import { AllPredictionsCard } from './AllPredictionsCard';
import { DefaultModelsCard } from './DefaultModelsCard';
import { MaintenanceCard } from './MaintenanceCard';
import { OverviewPanel } from './overview/OverviewPanel';
import { OVERVIEW_TEXT } from './overview/overviewText';
import { PaymentAlertsCard } from './PaymentAlertsCard';
import { TimeMachine } from './TimeMachine';
import { UsersCard } from './UsersCard';
import { ActivityCard, useActivityList } from './support/ActivityCard';
import { CustomerPage } from './support/CustomerPage';
import { useAdminToasts } from './useAdminToasts';

const SECTIONS = [
  { key: 'operations', label: OVERVIEW_TEXT.operations },
  { key: 'overview', label: OVERVIEW_TEXT.overview },
] as const;
type Section = (typeof SECTIONS)[number]['key'];

/**
 * The Admin tab (docs/product.md#admin-tab) in two sections: Operations (default models, daily maintenance, the users,
 * every user's predictions and the activity (audit log), plus the time machine on the local emulator) and the business
 * Overview. At /admin/users/:uid it is that user's page (docs/product.md#customer-view).
 */
export function AdminTab() {
  const { uid } = useParams();
  const [section, setSection] = useState<Section>('operations');
  if (uid) return <CustomerPage uid={uid} />;
  return (
    <Tabs
      label={OVERVIEW_TEXT.sections}
      tabs={SECTIONS}
      active={section}
      onChange={setSection}
      className="admin-sections"
    >
      {section === 'overview' ? <OverviewPanel /> : <Operations />}
    </Tabs>
  );
}

/** The maintenance run refreshes the predictions it may have resolved. */
function Operations() {
  const toasts = useAdminToasts();
  const [filters, setFilters] = useState(OPENING_FILTERS);
  const predictions = useAllPredictions(filters, toasts.fetchFailed);
  const clock = useClock();
  const activity = useActivityList();
  // The local stack has the time machine: its card is there from the first paint rather than pushing the tab down
  // when the clock arrives. Elsewhere it shows only if the clock answers.
  const timeMachine = clock.data !== undefined || (usesAuthEmulator && clock.error === undefined);

  return (
    <div className="admin-tab">
      {timeMachine && <TimeMachine clock={clock.data} onChanged={(next) => void clock.mutate(next, false)} />}
      <div className="admin-controls">
        <DefaultModelsCard />
        <MaintenanceCard onDone={() => void predictions.mutate()} />
      </div>
      <PaymentAlertsCard />
      <UsersCard />
      <AllPredictionsCard pages={predictions} filters={filters} onFiltersChange={setFilters} />
      <ActivityCard activity={activity} />
    </div>
  );
}
