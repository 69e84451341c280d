import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import {
  DataTable,
  DateField,
  List,
  TopToolbar,
  useListContext,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  useUpdate,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { serverField } from '../../../contracts/errors.js';
import { REPORT_STATUSES, type Report, type ReportStatus } from '../../../contracts/reports.js';
import { ArchiveButton } from '../layout/archive-button.js';
import { ConfirmButton } from '../layout/confirm-button.js';
import { usePageTitle } from '../layout/page-title.js';
import { scrollingDataTableSx } from '../layout/scrollable-table.js';

/** Where a report leads: the poem's editor, at the report's line when it has one. */
export const reportEditorPath = (report: Pick<Report, 'publication_id' | 'poem_id' | 'line'>) =>
  `/admin/publication/${report.publication_id}/poems/${report.poem_id}${report.line ? `?line=${report.line}` : ''}`;

function StatusButtons() {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const current = (filterValues.status as ReportStatus | undefined) ?? 'open';
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={current}
      onChange={(_e, value: ReportStatus | null) => value && setFilters({ ...filterValues, status: value }, {})}
      aria-label={translate('archive.reports.status')}
    >
      {REPORT_STATUSES.map((status) => (
        <ToggleButton
          key={status}
          value={status}
          sx={{
            textTransform: 'none',
            fontWeight: 600,
            '&.Mui-selected, &.Mui-selected:hover': { bgcolor: 'primary.main', color: 'primary.contrastText' },
          }}
        >
          {translate(`archive.reports.${status}`)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}

/** The poem and line reported. Readers' words are React text only, never markup. */
function PoemCell() {
  const translate = useTranslate();
  const report = useRecordContext<Report>();
  if (!report) return null;
  return (
    <Box>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {report.poem_title || 'Untitled'}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {report.publication_title}
        {report.line ? `, ${translate('archive.reports.line', { line: report.line })}` : ''}
      </Typography>
    </Box>
  );
}

function TextCell({ field }: { field: 'quote' | 'note' }) {
  const report = useRecordContext<Report>();
  return report ? (
    <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxWidth: 320 }}>
      {report[field]}
    </Typography>
  ) : null;
}

function FromCell() {
  const translate = useTranslate();
  const report = useRecordContext<Report>();
  if (!report) return null;
  const from = [report.name, report.email].filter(Boolean).join(' · ');
  return (
    <Typography variant="body2" sx={{ overflowWrap: 'break-word' }} color={from ? undefined : 'text.secondary'}>
      {from || translate('archive.reports.anonymous')}
    </Typography>
  );
}

/** Resolve or Dismiss an open report, after a confirm as every change here asks; a closed one says who closed it. */
function Actions() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const report = useRecordContext<Report>();
  const [update] = useUpdate<Report>();
  if (!report) return null;
  const close = (status: 'resolved' | 'dismissed') =>
    update(
      'reports',
      { id: report.id, data: { status }, previousData: report },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(`archive.reports.${status}_done`, { type: 'success' });
          refresh();
        },
        onError: (error) => notify(serverField(error, 'error') ?? String(error), { type: 'error' }),
      },
    );
  const edit = (
    <ArchiveButton
      size="sm"
      variant="outline"
      component={Link}
      to={reportEditorPath(report)}
      aria-label={translate('archive.reports.edit_label', { title: report.poem_title || 'Untitled' })}
    >
      {translate('archive.reports.edit')}
    </ArchiveButton>
  );
  if (report.status !== 'open') {
    return (
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary">
          {translate('archive.reports.closed_by', {
            status: translate(`archive.reports.${report.status}`),
            username: report.closed_by ?? '',
          })}
        </Typography>
        {edit}
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
      {edit}
      <ConfirmButton
        size="sm"
        variant="outline"
        label={translate('archive.reports.resolve')}
        confirmTitle="archive.reports.resolve_title"
        confirmContent="archive.reports.resolve_confirm"
        onConfirm={() => close('resolved')}
      />
      <ConfirmButton
        size="sm"
        variant="ghost"
        label={translate('archive.reports.dismiss')}
        confirmTitle="archive.reports.dismiss_title"
        confirmContent="archive.reports.dismiss_confirm"
        onConfirm={() => close('dismissed')}
      />
    </Box>
  );
}

function Empty() {
  return (
    <Typography color="text.secondary" sx={{ p: 2 }}>
      {useTranslate()('archive.reports.empty')}
    </Typography>
  );
}

/** The curators' inbox of readers' reports, in react-admin's List: open ones first shown, newest first. */
export function ReportList() {
  const translate = useTranslate();
  usePageTitle(translate('archive.reports.heading'));
  return (
    <Box>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 600 }}>
        {translate('archive.reports.heading')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 800 }}>
        {translate('archive.reports.intro')}
      </Typography>
      <List
        resource="reports"
        title={false}
        filterDefaultValues={{ status: 'open' }}
        actions={
          <TopToolbar sx={{ justifyContent: 'flex-start' }}>
            <StatusButtons />
          </TopToolbar>
        }
        empty={false}
        perPage={25}
        disableSyncWithLocation
      >
        <DataTable bulkActionButtons={false} rowClick={false} sx={scrollingDataTableSx} empty={<Empty />}>
          <DataTable.Col source="poem_title" label="archive.reports.poem" disableSort>
            <PoemCell />
          </DataTable.Col>
          <DataTable.Col source="quote" label="archive.reports.words" disableSort>
            <TextCell field="quote" />
          </DataTable.Col>
          <DataTable.Col source="note" label="archive.reports.note" disableSort>
            <TextCell field="note" />
          </DataTable.Col>
          <DataTable.Col source="name" label="archive.reports.from" disableSort>
            <FromCell />
          </DataTable.Col>
          <DataTable.Col source="created_at" label="archive.reports.received" disableSort>
            <DateField source="created_at" showTime />
          </DataTable.Col>
          <DataTable.Col label="" align="right">
            <Actions />
          </DataTable.Col>
        </DataTable>
      </List>
    </Box>
  );
}
