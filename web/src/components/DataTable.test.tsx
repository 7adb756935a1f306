import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { DataTable } from './DataTable';

describe('the data table', () => {
  it("labels each cell of a phone's card with its header, breakable after a slash rather than inside a word", () => {
    render(
      <DataTable
        caption="Predictions"
        columns={[
          { header: 'Stock', rowHeader: true, cell: (row: { id: string }) => row.id },
          { header: 'Status/Actual', cell: () => 'Hit' },
        ]}
        rows={[{ id: 'KO' }]}
        emptyText="None"
      />,
    );
    expect(screen.getByRole('rowheader').getAttribute('data-label')).toBe('Stock');
    expect(screen.getByRole('cell').getAttribute('data-label')).toBe('Status/\u200BActual');
    expect(screen.getByRole('columnheader', { name: 'Status/Actual' })).toBeTruthy();
  });

  it('aligns a column of amounts and its header alike, and no other column', () => {
    render(
      <DataTable
        caption="Statement"
        columns={[
          { header: 'Line', rowHeader: true, cell: (row: { id: string }) => row.id },
          { header: 'Available', amount: true, className: 'statement-in', cell: () => '+$2.50' },
          { header: 'Reserved', amount: true, cell: () => null },
        ]}
        rows={[{ id: 'credit:c1' }]}
        emptyText="None"
      />,
    );
    const classes = (elements: HTMLElement[]) => elements.map((element) => element.className);
    expect(classes(screen.getAllByRole('columnheader'))).toEqual(['', 'cell-amount', 'cell-amount']);
    expect(classes(screen.getAllByRole('cell'))).toEqual(['cell-amount statement-in', 'cell-amount']);
    expect(screen.getByRole('rowheader').className).toBe('');
  });
});
