export default function PrivacyPage() {
  return (
    <article className="card prose">
      <h1>Privacy Policy</h1>
      <p>
        We store what the service needs: your Google account's name, e-mail and photo, your wallet balances and
        transactions, and the predictions you request.
      </p>
      <h2>Payments</h2>
      <p>Card details go to Stripe and never reach our servers.</p>
      <h2>Sharing</h2>
      <p>We do not sell your data. Administrators can see predictions to operate the service.</p>
      <h2>Your choices</h2>
      <p>Contact us to receive a copy of your data or to delete your account.</p>
    </article>
  );
}
