import { Fragment, type ReactNode } from 'react';

interface Props<T> {
  caption: string;
  columns: readonly string[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  renderRow: (row: T) => ReactNode;
  emptyText: string;
  className: string;
  /** Names the scrollable region of a wide table: it is then focusable, so keyboard users can scroll sideways. */
  regionLabel?: string;
}

/** A table with a (visually hidden) caption, column headers and an empty state spanning every column. */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  renderRow,
  emptyText,
  className,
  regionLabel,
}: Props<T>) {
  const region = regionLabel ? { role: 'region', 'aria-label': regionLabel, tabIndex: 0 } : {};
  return (
    <div className="table-scroll" {...region}>
      <table className={className}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="table-empty">
                {emptyText}
              </td>
            </tr>
          ) : (
            rows.map((row) => <Fragment key={rowKey(row)}>{renderRow(row)}</Fragment>)
          )}
        </tbody>
      </table>
    </div>
  );
}
