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
});
