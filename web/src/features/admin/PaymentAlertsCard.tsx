import type { AdminAlert } from '@stockseer/contract';
import { formatDate } from '../../lib/format';
import { useAdminAlerts } from './adminApi';
import { ALERTS_TEXT } from './alertsText';
import { PagedCard } from './PagedCard';
import './paymentAlerts.css';

/** One alert: why, the Stripe event or maintenance run, and for the audit of the books the wallet and its lines. */
function PaymentAlert({ alert }: { alert: AdminAlert }) {
  return (
    <li className="payment-alert">
      <p className="payment-alert-reason">{alert.reason}</p>
      <p className="muted payment-alert-meta">
        <code>{alert.eventId}</code> · {alert.eventType} · {formatDate(alert.createdAt)}
      </p>
      {alert.walletId && (
        <p className="muted payment-alert-meta">
          {ALERTS_TEXT.wallet} <code>{alert.walletId}</code>
          {alert.transactionIds.length > 0 && (
            <>
              {' · '}
              {ALERTS_TEXT.lines}{' '}
              {alert.transactionIds.map((id, i) => (
                <span key={id}>
                  {i > 0 && ', '}
                  <code>{id}</code>
                </span>
              ))}
            </>
          )}
        </p>
      )}
    </li>
  );
}

/**
 * Admin tab: what an operator must look at (issue 14), newest first, a page at a time, with the Stripe event or
 * maintenance run and why; a discrepancy of the nightly audit of the books also names the wallet and the ledger lines
 * or Stripe objects.
 */
export function PaymentAlertsCard() {
  return (
    <PagedCard
      title={ALERTS_TEXT.title}
      pages={useAdminAlerts()}
      rowsOf={(page) => page.alerts}
      head={<p className="muted admin-intro">{ALERTS_TEXT.intro}</p>}
      failedText={ALERTS_TEXT.failed}
      list={(alerts) =>
        alerts.length === 0 ? (
          <p className="muted">{ALERTS_TEXT.empty}</p>
        ) : (
          <ul className="payment-alert-list" aria-label={ALERTS_TEXT.title}>
            {alerts.map((alert) => (
              <PaymentAlert key={alert.id} alert={alert} />
            ))}
          </ul>
        )
      }
    />
  );
}
