import { formatDate, formatPrice } from '../lib/format';

/** A table cell's date above its price (prediction date and price, target date and price). */
export function DateAndPrice({ date, price }: { date: string; price: number }) {
  return (
    <>
      <span className="cell-date">{formatDate(date)}</span>
      <span className="cell-price">{formatPrice(price)}</span>
    </>
  );
}
