// The exchange's clock: a close "as of 4:00 PM EDT" reads the same wherever the investor is.
const exchangeTime = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: '2-digit',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'America/New_York',
  timeZoneName: 'short',
});

/** `Apr 21, 2021, 4:00 PM EDT`: when a quote's price was observed, in New York time. */
export const formatAsOf = (instant: string) => exchangeTime.format(new Date(instant));
