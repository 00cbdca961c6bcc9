import type { HTMLAttributes, ReactNode } from 'react';

/** One column: its header and how a row fills its cell. */
export type AdminColumn<T> = {
  id: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** The column that names the row: its cells are row headers for screen readers. */
  rowHeader?: boolean;
  /** Numbers line up on the right. */
  align?: 'end';
  cellTestId?: string;
};

type RowAttributes = HTMLAttributes<HTMLTableRowElement> &
  Record<`data-${string}`, string | number | undefined>;

/**
 * The one table of the back office and the profile: a caption (read out, hidden unless `showCaption`),
 * column headers, one row header per row, an actions column, and an empty state instead of a
 * headless table when there is nothing to list.
 */
export function AdminTable<T>({
  caption,
  showCaption = false,
  columns,
  rows,
  rowKey,
  rowProps,
  actions,
  empty,
  emptyTestId,
  testId,
  framed = false,
}: {
  caption: string;
  showCaption?: boolean;
  columns: AdminColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  rowProps?: (row: T) => RowAttributes;
  actions?: { header: ReactNode; cell: (row: T) => ReactNode };
  /** Shown instead of the table when there are no rows; without it an empty table is not drawn at all. */
  empty?: ReactNode;
  emptyTestId?: string;
  testId?: string;
  /** A white card with a border around the table. */
  framed?: boolean;
}) {
  if (rows.length === 0)
    return empty ? (
      <p className="mt-4 text-slate-700" data-testid={emptyTestId}>
        {empty}
      </p>
    ) : null;
  const align = (column: { align?: 'end' }) => (column.align === 'end' ? 'text-right tabular-nums' : '');
  return (
    <div className={`mt-4 overflow-x-auto ${framed ? 'rounded-xl border border-slate-200 bg-white' : ''}`}>
      <table className="w-full border-collapse text-left text-sm" data-testid={testId}>
        <caption className={showCaption ? 'pb-2 text-left font-semibold text-slate-900' : 'sr-only'}>
          {caption}
        </caption>
        <thead>
          <tr className="border-b border-slate-300 text-slate-700">
            {columns.map((column) => (
              <th key={column.id} scope="col" className={`px-3 py-2 font-semibold ${align(column)}`}>
                {column.header}
              </th>
            ))}
            {actions ? (
              <th scope="col" className="px-3 py-2 font-semibold">
                {actions.header}
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className="border-b border-slate-200 align-top" {...rowProps?.(row)}>
              {columns.map((column) => {
                const className = `px-3 py-2 ${align(column)}`;
                return column.rowHeader ? (
                  <th
                    key={column.id}
                    scope="row"
                    className={`${className} font-medium text-slate-900`}
                    data-testid={column.cellTestId}
                  >
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.id} className={className} data-testid={column.cellTestId}>
                    {column.cell(row)}
                  </td>
                );
              })}
              {actions ? <td className="px-3 py-2">{actions.cell(row)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
