import { DataTableClasses } from 'react-admin';

/**
 * A table on a narrow phone scrolls sideways in its own box instead of widening the whole page:
 * react-admin's layout is as wide as its content's narrowest (min-width: fit-content), and a table
 * is never narrower than its cells. Inline-size containment keeps the table's width out of that.
 */
export const scrollingBoxSx = { overflowX: 'auto', contain: 'inline-size' } as const;

/** The same for react-admin's DataTable, whose table sits in its own wrapper. */
export const scrollingDataTableSx = { [`& .${DataTableClasses.tableWrapper}`]: scrollingBoxSx } as const;
