export default function TermsPage() {
  return (
    <article className="card prose">
      <h1>Terms of Service</h1>
      <p>
        StockSeer provides statistical forecasts of US stock prices for information only. A forecast is not investment
        advice, and past accuracy does not guarantee future results.
      </p>
      <h2>Accounts</h2>
      <p>You sign in with your Google account and are responsible for activity under it.</p>
      <h2>Predictions and fees</h2>
      <p>
        Each month you receive 5 free predictions. After that, each prediction reserves $1 from your prepaid wallet
        until its target date. If the closing price on the target date lies within the prediction's hit range, the $1 is
        charged; otherwise it is released back to your available balance.
      </p>
      <h2>Wallet</h2>
      <p>
        Wallet funds are added by card through Stripe, between $5 and $1000 at a time, and are used only for prediction
        fees.
      </p>
      <h2>Market data</h2>
      <p>Prices come from third-party providers and may be delayed or incomplete.</p>
    </article>
  );
}
