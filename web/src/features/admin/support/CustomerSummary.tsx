import { useId } from 'react';
import type { CustomerView } from '@stockseer/contract';
import { formatCents, formatDate, formatDateTime } from '../../../lib/format';
import { CUSTOMER_TEXT } from './supportText';

/** Terms and their values, as a description list. */
function Facts({ facts }: { facts: readonly (readonly [string, React.ReactNode])[] }) {
  return (
    <dl className="customer-facts">
      {facts.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Card({ title, children }: { title: string; children: React.ReactNode }) {
  const headingId = useId();
  return (
    <section className="card admin-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {children}
    </section>
  );
}

/** Profile, wallet figures and sessions, side by side on a wide screen. */
export function CustomerSummary({ customer }: { customer: CustomerView }) {
  const { profile, figures, sessions } = customer;
  const when = (instant: string | null) => (instant ? formatDateTime(instant) : CUSTOMER_TEXT.never);
  return (
    <div className="customer-summary">
      <Card title={CUSTOMER_TEXT.profileTitle}>
        <Facts
          facts={[
            [CUSTOMER_TEXT.email, profile.email ?? CUSTOMER_TEXT.none],
            [CUSTOMER_TEXT.userId, <code key="id">{profile.id}</code>],
            [CUSTOMER_TEXT.memberSince, formatDate(profile.createdAt)],
            ...(profile.isAdmin ? [[CUSTOMER_TEXT.admin, CUSTOMER_TEXT.admin] as const] : []),
          ]}
        />
      </Card>
      <Card title={CUSTOMER_TEXT.walletTitle}>
        {figures ? (
          <Facts
            facts={[
              [CUSTOMER_TEXT.available, formatCents(figures.available)],
              [CUSTOMER_TEXT.reserved, formatCents(figures.reserved)],
              [CUSTOMER_TEXT.charged, formatCents(figures.charged)],
              [CUSTOMER_TEXT.heldForRefunds, formatCents(figures.heldForRefunds)],
              [
                CUSTOMER_TEXT.owed,
                <span key="owed" className={figures.owed > 0 ? 'statement-owing' : undefined}>
                  {formatCents(figures.owed)}
                </span>,
              ],
              [CUSTOMER_TEXT.freeLeft, figures.freePredictions],
            ]}
          />
        ) : (
          <p className="muted">{CUSTOMER_TEXT.noWallet}</p>
        )}
      </Card>
      <Card title={CUSTOMER_TEXT.sessionsTitle}>
        <Facts
          facts={[
            [CUSTOMER_TEXT.lastSignIn, when(sessions.lastSignInAt)],
            [CUSTOMER_TEXT.lastActive, when(sessions.lastActiveAt)],
            [CUSTOMER_TEXT.tokensValidAfter, when(sessions.tokensValidAfter)],
            [CUSTOMER_TEXT.disabled, sessions.disabled ? CUSTOMER_TEXT.disabledYes : CUSTOMER_TEXT.disabledNo],
          ]}
        />
      </Card>
    </div>
  );
}
