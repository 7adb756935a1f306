import './dataTable.css';
import { useEffect, useRef, type ReactNode } from 'react';

/**
 * One column: its header and what a row shows in it. Tables are lists of these, so a new column is one more entry,
 * and on a phone every cell carries its header as a label (the stacked-card layout of styles.css).
 */
export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** The cell that names the row (the stock, the user): a row header, and the card's title on a phone. */
  rowHeader?: boolean;
  /** A column of amounts: right-aligned, its header too, so it adds up by eye (a statement's figures). */
  amount?: boolean;
  className?: string;
}

interface Props<T> {
  caption: string;
  columns: readonly Column<T>[];
  /** Keyed by their ids. */
  rows: readonly T[];
  emptyText: string;
  /** Packed tighter: the Admin tab's wide tables. */
  dense?: boolean;
  /** The table's own rules beside the shared ones (dataTable.css). */
  className?: string;
  /** Names the scrollable region of a wide table: it is then focusable, so keyboard users can scroll sideways. */
  regionLabel?: string;
  /** The row a link led to (the inbox's): marked, scrolled into view and focused once it is shown. */
  highlightedId?: string;
}

const AMOUNT = 'cell-amount';

/** A header as a phone card's label: it may break after a slash ("Status/ Actual"), not in the middle of a word. */
const cardLabel = (header: string) => header.replaceAll('/', '/\u200B');

/**
 * A table with a (visually hidden) caption, column headers and an empty state spanning every column. Below 700 px
 * each row becomes a card of labelled cells; the explicit roles keep it a table for screen readers when CSS changes
 * the cells' display (Safari and older Chromium drop table semantics otherwise).
 */
export function DataTable<T extends { id: string }>({
  caption,
  columns,
  rows,
  emptyText,
  dense = false,
  className,
  regionLabel,
  highlightedId,
}: Props<T>) {
  const highlighted = useRef<HTMLTableRowElement>(null);
  const shown = rows.some((row) => row.id === highlightedId);
  useEffect(() => {
    if (!shown) return;
    highlighted.current?.scrollIntoView?.({ block: 'center' });
    highlighted.current?.focus({ preventScroll: true });
  }, [shown, highlightedId]);
  const classes = ['data-table', dense && 'data-table-dense', className].filter(Boolean).join(' ');
  const region = regionLabel ? { role: 'region', 'aria-label': regionLabel, tabIndex: 0 } : {};
  return (
    <div className="table-scroll" {...region}>
      <table className={classes} role="table">
        <caption className="visually-hidden">{caption}</caption>
        <thead role="rowgroup">
          <tr role="row">
            {columns.map((column) => (
              <th key={column.header} scope="col" role="columnheader" className={column.amount ? AMOUNT : undefined}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {rows.length === 0 ? (
            <tr role="row">
              <td colSpan={columns.length} className="table-empty" role="cell">
                {emptyText}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr
                key={row.id}
                role="row"
                {...(row.id === highlightedId
                  ? { ref: highlighted, className: 'row-highlighted', 'aria-current': true, tabIndex: -1 }
                  : {})}
              >
                {columns.map(({ header, cell, rowHeader, amount, className }) => {
                  const cellClass = [amount && AMOUNT, className].filter(Boolean).join(' ') || undefined;
                  return rowHeader ? (
                    <th key={header} scope="row" role="rowheader" className={cellClass} data-label={cardLabel(header)}>
                      {cell(row)}
                    </th>
                  ) : (
                    <td key={header} role="cell" className={cellClass} data-label={cardLabel(header)}>
                      {cell(row)}
                    </td>
                  );
                })}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
