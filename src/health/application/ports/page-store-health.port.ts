/** Where page photos are kept reports its state here (the page store module provides it). */
export interface PageStoreHealth {
  state(): Promise<{ kind: 'files' | 's3'; ok: boolean; detail?: string }>;
}

export const PAGE_STORE_HEALTH = Symbol('PAGE_STORE_HEALTH');
