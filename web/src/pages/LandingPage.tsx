import './landing.css';
import { SignInButton } from '../features/auth/SignInButton';
import { Link } from 'react-router-dom';
import { SHELL_TEXT } from '../app/messages';

/** The signed-out front page: what StockSeer promises, and the way in. */
export function LandingPage() {
  return (
    <div className="landing">
      <section className="hero">
        <h1>Honest AI forecasts of US stock prices</h1>
        <p className="lead">
          Pick a stock and a model (Prophet, ARIMA or XGBoost) and get a price target 7, 30 or 90 trading days ahead,
          with the model's track record beside it.
        </p>
        <SignInButton label={SHELL_TEXT.signInWithGoogle} className="button button-large" />
      </section>
      <section className="promises" aria-label="How pricing works">
        <article className="card">
          <h2>5 free predictions every month</h2>
          <p>Your allowance renews each month. No card needed to start.</p>
        </article>
        <article className="card">
          <h2>$1 only when the forecast hits</h2>
          <p>
            After the free ones, $1 is reserved per prediction and charged only if the target is hit; otherwise it is
            released back to you.
          </p>
        </article>
        <article className="card">
          <h2>Track records, not promises</h2>
          <p>See each model's back-tested past predictions and its accuracy before you ask for a new one.</p>
          <p>
            <Link to="/track-record">{SHELL_TEXT.trackRecordLink}</Link>
          </p>
        </article>
      </section>
      <section className="cta">
        <SignInButton label={SHELL_TEXT.signInWithGoogle} className="button" />
      </section>
    </div>
  );
}
