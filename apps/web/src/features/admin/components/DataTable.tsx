import type { HTMLAttributes, ReactNode } from 'react';
import { PenIcon, Trash2Icon } from 'lucide-react';
import { IconButton, table } from '../ui.tsx';

/** One column of a back-office table: its header and how a row fills its cell. */
export interface Column<T> {
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Numbers and actions stand at the right. */
  align?: 'right';
  /** Extra classes of the cells (td) and of the header (th). */
  className?: string;
  headerClassName?: string;
  /** The header's tooltip (an abbreviation said in full). */
  title?: string;
}

/** The two looks: the list screens' (light header, row hover) and the stock room's denser one inside its panels. */
const LOOKS = {
  list: { table: table.table, thead: table.thead, th: table.th, tbody: '', tr: table.tr, td: table.td },
  compact: {
    table: 'min-w-full divide-y divide-gray-100',
    thead: '',
    th: 'px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-gray-500',
    tbody: 'divide-y divide-gray-100',
    tr: '',
    td: 'px-3 py-2 text-sm text-gray-800',
  },
} as const;

export interface DataTableProps<T> {
  columns: (Column<T> | false | null | undefined)[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  /** Classes (e.g. a dimmed disabled row) and attributes of a row. */
  rowProps?: (row: T) => HTMLAttributes<HTMLTableRowElement> & { 'data-testid'?: string };
  /** A row drawn otherwise (e.g. edited in place); the columns' cells when it gives nothing. */
  renderRow?: (row: T) => ReactNode | undefined;
  look?: keyof typeof LOOKS;
  /** Extra classes of the <table> (e.g. its minimum width) and of the <thead> (e.g. sticky). */
  tableClassName?: string;
  headClassName?: string;
  /** Classes of the scrolling box around the table. */
  className?: string;
}

/** A table of rows under column headers, scrolling sideways on narrow screens. */
export function DataTable<T>({ columns, rows, rowKey, rowProps, renderRow, look = 'list', tableClassName = '', headClassName = '', className = 'overflow-x-auto' }: DataTableProps<T>) {
  const l = LOOKS[look];
  const cols = columns.filter((c): c is Column<T> => !!c);
  const align = (c: Column<T>) => (c.align === 'right' ? ' text-right' : '');
  return (
    <div className={className}>
      <table className={`${l.table} ${tableClassName}`}>
        <thead className={`${l.thead} ${headClassName}`}>
          <tr>
            {cols.map((c, i) => (
              <th key={i} scope="col" title={c.title} className={`${l.th}${align(c)} ${c.headerClassName ?? ''}`}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={l.tbody}>
          {rows.map((row) => {
            const own = renderRow?.(row);
            if (own) return own;
            const { className: rowClass = '', ...attrs } = rowProps?.(row) ?? {};
            return (
              <tr key={rowKey(row)} className={`${l.tr} ${rowClass}`} {...attrs}>
                {cols.map((c, i) => (
                  <td key={i} className={`${l.td}${align(c)} ${c.className ?? ''}`}>
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A list screen's rows: one card per row on phones (a list named `label`), the table from `md` up. The cards are
 * the caller's <li> elements.
 */
export function ResponsiveRows<T>({ label, card, ...tableProps }: DataTableProps<T> & { label: string; card: (row: T) => ReactNode }) {
  return (
    <>
      <ul className="divide-y divide-gray-100 md:hidden" aria-label={label}>
        {tableProps.rows.map(card)}
      </ul>
      <DataTable {...tableProps} className={`${table.wrap} max-md:hidden`} />
    </>
  );
}

/** A row's buttons, at the right of its cell. */
export function RowActions({ children }: { children: ReactNode }) {
  return <div className="flex justify-end gap-1">{children}</div>;
}

/** 'Sửa …' and 'Xoá …' of a row, named after it. */
export function EditDeleteButtons({ name, onEdit, onDelete, iconSize = 16 }: { name: string; onEdit: () => void; onDelete: () => void; iconSize?: number }) {
  return (
    <>
      <IconButton label={`Sửa ${name}`} onClick={onEdit}>
        <PenIcon size={iconSize} />
      </IconButton>
      <IconButton label={`Xoá ${name}`} tone="danger" onClick={onDelete}>
        <Trash2Icon size={iconSize} />
      </IconButton>
    </>
  );
}
