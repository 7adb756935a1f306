import './admin.css';
import { useState } from 'react';
import { useAllPredictions, useClock } from './adminApi';
import { OPENING_FILTERS } from './adminFilters';
import { AllPredictionsCard } from './AllPredictionsCard';
import { DefaultModelsCard } from './DefaultModelsCard';
import { MaintenanceCard } from './MaintenanceCard';
import { PaymentAlertsCard } from './PaymentAlertsCard';
import { TimeMachine } from './TimeMachine';
import { UsersCard } from './UsersCard';
import { useAdminToasts } from './useAdminToasts';

/**
 * The Admin tab (SPEC 2, 6): default models, daily maintenance, the users and every user's predictions, plus the time machine
 * on the local emulator. The maintenance run refreshes the predictions it may have resolved.
 */
export function AdminTab() {
  const toasts = useAdminToasts();
  const [filters, setFilters] = useState(OPENING_FILTERS);
  const predictions = useAllPredictions(filters, toasts.fetchFailed);
  const clock = useClock();
  const pageCount = predictions.data?.length ?? 0;

  return (
    <div className="admin-tab">
      {clock.data && <TimeMachine clock={clock.data} onChanged={(next) => void clock.mutate(next, false)} />}
      <div className="admin-controls">
        <DefaultModelsCard />
        <MaintenanceCard onDone={() => void predictions.mutate()} />
      </div>
      <PaymentAlertsCard />
      <UsersCard />
      <AllPredictionsCard
        pages={predictions.data}
        filters={filters}
        onFiltersChange={setFilters}
        failed={predictions.error !== undefined}
        loadingMore={predictions.isValidating && predictions.size > pageCount}
        onLoadMore={() => void predictions.setSize(pageCount + 1)}
      />
    </div>
  );
}
