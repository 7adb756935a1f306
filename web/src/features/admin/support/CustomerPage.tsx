import './support.css';
import { Link } from 'react-router-dom';
import { ADMIN_PREDICTIONS_TABLE } from '../adminPredictionsTable';
import { ADMIN_TEXT } from '../messages';
import { NotLoaded } from '../../../components/NotLoaded';
import { useCustomer, useCustomerPredictions, useCustomerStatement } from './customerApi';
import { CustomerPayments } from './CustomerPayments';
import { CustomerStatement } from './CustomerStatement';
import { ActivityCard, useActivityList } from './ActivityCard';
import { CustomerSummary } from './CustomerSummary';
import { PagedCard } from '../PagedCard';
import { CourtesyCreditAction, SignOutAction } from './SupportActions';
import { CUSTOMER_TEXT } from './supportText';

/**
 * Admin > Users > one user (docs/product.md#customer-view), at /admin/users/:uid: profile, wallet figures, sessions,
 * the support actions, payments with their refunds and disputes, the statement and the predictions. An action
 * refreshes everything it may have moved.
 */
export function CustomerPage({ uid }: { uid: string }) {
  const customer = useCustomer(uid);
  const statement = useCustomerStatement(uid);
  const predictions = useCustomerPredictions(uid);
  const activity = useActivityList(uid);
  const refresh = () => {
    void customer.mutate();
    void statement.mutate();
    void activity.pages.mutate();
  };
  const view = customer.data;
  const who = view?.profile.email ?? view?.profile.displayName ?? uid;

  return (
    <div className="admin-tab customer-page">
      <nav className="customer-nav" aria-label={CUSTOMER_TEXT.back}>
        <Link to="/admin" className="link-button">
          ← {CUSTOMER_TEXT.back}
        </Link>
      </nav>
      {view ? (
        <>
          <header className="customer-head">
            <h2 className="customer-name">{view.profile.displayName ?? who}</h2>
            <div className="customer-actions" role="group" aria-label={CUSTOMER_TEXT.actionsTitle}>
              <CourtesyCreditAction uid={uid} who={who} onDone={refresh} />
              <SignOutAction uid={uid} who={who} onDone={refresh} />
            </div>
          </header>
          <CustomerSummary customer={view} />
          <CustomerPayments
            uid={uid}
            who={who}
            payments={view.payments}
            availableCents={view.figures?.available ?? 0}
            onDone={refresh}
          />
        </>
      ) : (
        <NotLoaded
          error={customer.error}
          failedText={customer.error?.status === 404 ? CUSTOMER_TEXT.notFound : ADMIN_TEXT.fetchFailed}
          loadingText={ADMIN_TEXT.loading}
          onRetry={customer.mutate}
        />
      )}
      <CustomerStatement pages={statement} />
      <PagedCard
        title={CUSTOMER_TEXT.predictionsTitle}
        pages={predictions}
        rowsOf={(page) => page.predictions}
        {...ADMIN_PREDICTIONS_TABLE}
        emptyText={CUSTOMER_TEXT.predictionsEmpty}
      />
      <ActivityCard activity={activity} />
    </div>
  );
}
