import type { DataProvider } from 'react-admin';
import type { CloseReportRequest, Report, ReportList } from '../../../../contracts/reports.js';
import { query, seg, type Api } from '../api.js';

/** The `reports` resource: readers' reports of mistakes, one status at a time (open by default), newest first. */
export function reportsProvider({ get, send }: Api): Partial<DataProvider> {
  // As in publications.ts: answers pass as the record type react-admin's caller picks.
  /* eslint-disable @typescript-eslint/no-explicit-any */
  return {
    async getList(_resource, params) {
      const { page = 1, perPage = 25 } = params.pagination ?? {};
      const status = (params.filter as { status?: string } | undefined)?.status ?? 'open';
      const list = await get<ReportList>(`/reports/${query({ status, page, page_size: perPage })}`, params.signal);
      return { data: list.results as any[], total: list.count };
    },
    async update(_resource, params) {
      const body: CloseReportRequest = { status: (params.data as Pick<Report, 'status'>).status as CloseReportRequest['status'] };
      return { data: await send<any>('PUT', `/reports/${seg(params.id)}/`, body) };
    },
  };
  /* eslint-enable @typescript-eslint/no-explicit-any */
}
