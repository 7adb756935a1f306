import { useId } from 'react';
import useSWR from 'swr';
import { AdminAlerts } from '@stockseer/contract';
import { api } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { ALERTS_TEXT } from './alertsText';
import './paymentAlerts.css';

const ALERTS_PATH = '/api/admin/alerts';

/**
 * Admin tab: what an operator must look at (issue 14), newest first, with the Stripe event or maintenance run and why;
 * a discrepancy of the nightly audit of the books also names the wallet and the ledger lines or Stripe objects.
 */
export function PaymentAlertsCard() {
  const headingId = useId();
  const alerts = useSWR(ALERTS_PATH, (path: string) => api(path, AdminAlerts));
  return (
    <section className="card admin-card payment-alerts" aria-labelledby={headingId}>
      <h2 id={headingId}>{ALERTS_TEXT.title}</h2>
      <p className="muted admin-intro">{ALERTS_TEXT.intro}</p>
      {alerts.error && !alerts.data ? (
        <p className="error-text">{ALERTS_TEXT.failed}</p>
      ) : alerts.data === undefined ? (
        <p className="muted">…</p>
      ) : alerts.data.length === 0 ? (
        <p className="muted">{ALERTS_TEXT.empty}</p>
      ) : (
        <ul className="payment-alert-list" aria-label={ALERTS_TEXT.title}>
          {alerts.data.map((alert) => (
            <li key={alert.id} className="payment-alert">
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
          ))}
        </ul>
      )}
    </section>
  );
}
