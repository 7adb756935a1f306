import type * as LightweightCharts from 'lightweight-charts';
import type { Time } from 'lightweight-charts';
import { formatMonthDay } from './format';

/** Time on the charts drawn with lightweight-charts (the price chart, the admin's Overview). */

/** The calendar day of a chart time: the library hands back our `YYYY-MM-DD` strings as business-day objects. */
export function calendarDayOf(time: Time): string {
  if (typeof time === 'string') return time;
  if (typeof time === 'number') return new Date(time * 1000).toISOString().slice(0, 10);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${time.year}-${pad(time.month)}-${pad(time.day)}`;
}

/**
 * The time axis marks a year by its number and a month by its name, and a day (at the ends of the axis: the year's
 * first close, a forecast's target) by the library's bare day number, which reads as nothing ("24", "3"). A day
 * mark is named with its month; the others keep the library's labels.
 */
export function dayTickLabel(lib: Pick<typeof LightweightCharts, 'TickMarkType'>) {
  return (time: Time, type: LightweightCharts.TickMarkType): string | null =>
    type === lib.TickMarkType.DayOfMonth ? formatMonthDay(calendarDayOf(time)) : null;
}
