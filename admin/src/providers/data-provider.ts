import { combineDataProviders, type DataProvider } from 'react-admin';
import type { HealthAnswer } from '../../../contracts/auth.js';
import { createApi } from './api.js';
import { bookImportMethods, type BookImportMethods } from './resources/book-imports.js';
import { httpClient as defaultHttpClient, type HttpClient } from './http-client.js';
import { languagesProvider } from './resources/languages.js';
import { historyMethods, type HistoryMethods } from './resources/history.js';
import { curatorsProvider, type CuratorMethods } from './resources/curators.js';
import { poemsProvider, type PoemMethods } from './resources/poems.js';
import { publicationsProvider, type PublicationMethods } from './resources/publications.js';
import { reportsProvider } from './resources/reports.js';
import { recordingMethods, type RecordingMethods } from './resources/recordings.js';
import { scanMethods, type ScanMethods } from './resources/scans.js';
import { settingsProvider, type SettingsMethods } from './resources/settings.js';

export { API_BASE } from './api.js';
export { BulkActionError } from './resources/publications.js';
export type { ScanProgress } from './resources/scans.js';

/**
 * react-admin's data provider for the archive API: one provider per resource (resources/), routed
 * by react-admin's combineDataProviders as its demo does, with the archive's custom verbs as typed
 * methods beside them (react-admin docs, "Calling Custom Methods"). A new resource is a file in
 * resources/ and a line in RESOURCES.
 */
export interface ArchiveDataProvider
  extends
    DataProvider,
    PublicationMethods,
    PoemMethods,
    RecordingMethods,
    ScanMethods,
    HistoryMethods,
    SettingsMethods,
    CuratorMethods,
    BookImportMethods {
  health(): Promise<HealthAnswer>;
}

/** react-admin's methods, each with what it says of a resource that does not offer it. */
const STANDARD_METHODS = {
  getList: 'No list for resource',
  getOne: 'No record of resource',
  getMany: 'No records of resource',
  getManyReference: 'No reference list for',
  create: 'Cannot create',
  update: 'Cannot update',
  updateMany: 'No bulk update for',
  delete: 'Cannot delete',
  deleteMany: 'No bulk delete for',
} as const;

/** A resource's provider with a clear error for what the resource does not offer. */
function complete(resource: string, provider: Partial<DataProvider>): DataProvider {
  const refused = Object.entries(STANDARD_METHODS).map(([method, refusal]) => [
    method,
    () => Promise.reject(new Error(`${refusal} ${resource}`)),
  ]);
  return { ...Object.fromEntries(refused), ...provider } as DataProvider;
}

export function createDataProvider(http: HttpClient = defaultHttpClient): ArchiveDataProvider {
  const api = createApi(http);
  const publications = publicationsProvider(api);
  const poems = poemsProvider(api);
  const settings = settingsProvider(api);
  const curators = curatorsProvider(api);
  const RESOURCES: Record<string, DataProvider> = {
    publications: complete('publications', publications),
    poems: complete('poems', poems),
    settings: complete('settings', settings),
    curators: complete('curators', curators),
    reports: complete('reports', reportsProvider(api)),
    languages: complete('languages', languagesProvider(api)),
  };
  const byResource = combineDataProviders((resource) => {
    const provider = RESOURCES[resource];
    if (!provider) throw new Error(`Unknown resource ${resource}`);
    return provider;
  });
  const { togglePublish, publish, saveDraft, restore, moveToTrash, permanentDelete } = publications;
  const { clearPoems, reorderPoems, getPoemPages, setPageRotation, setPoemStatus } = poems;
  const { getProofreading, looksRight, getProofreadingPlace, keepProofreadingPlace } = poems;
  return {
    ...Object.fromEntries(Object.keys(STANDARD_METHODS).map((method) => [method, byResource[method as keyof DataProvider]])),
    togglePublish,
    publish,
    saveDraft,
    restore,
    moveToTrash,
    permanentDelete,
    clearPoems,
    reorderPoems,
    getPoemPages,
    setPortrait: settings.setPortrait,
    removePortrait: settings.removePortrait,
    resetPassword: curators.resetPassword,
    setPageRotation,
    setPoemStatus,
    getProofreading,
    looksRight,
    getProofreadingPlace,
    keepProofreadingPlace,
    ...scanMethods(api),
    ...historyMethods(api),
    ...recordingMethods(api),
    ...bookImportMethods(api),
    health: () => api.send<HealthAnswer>('GET', '/health/', undefined, false),
  } as ArchiveDataProvider;
}

export const dataProvider = createDataProvider();
