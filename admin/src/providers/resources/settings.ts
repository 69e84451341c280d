import type { DataProvider } from 'react-admin';
import type { MemorialSettings, PortraitCrop, UpdateMemorialRequest } from '../../../../contracts/settings.js';
import { pick, type Api } from '../api.js';

/** The portrait's verbs beside react-admin's getOne/update of the memorial. */
export interface SettingsMethods {
  /** Sends the photo and the part of it to keep; answers the memorial with its new portrait. */
  setPortrait(photo: Blob, crop: PortraitCrop): Promise<MemorialSettings>;
  removePortrait(): Promise<MemorialSettings>;
}

const MEMORIAL_FIELDS: ReadonlyArray<keyof UpdateMemorialRequest> = [
  'site_name',
  'poet_name',
  'birth_date',
  'death_date',
  'poet_title',
  'biography',
  'hero_text',
  'footer_credit',
];

/**
 * The `settings` resource: one record, the memorial (id "memorial"), read and saved whole. Emptied
 * life dates go as null (unknown); other emptied fields as ''.
 */
export function settingsProvider({ get, send }: Api): Partial<DataProvider> & SettingsMethods {
  // As in publications.ts: answers pass as the record type react-admin's caller picks.
  /* eslint-disable @typescript-eslint/no-explicit-any */
  return {
    getOne: async (_resource, params) => ({ data: await get<any>('/settings/memorial/', params.signal) }),
    async update(_resource, params) {
      const data = params.data as Partial<UpdateMemorialRequest>;
      const body = { ...pick(data, MEMORIAL_FIELDS), birth_date: data.birth_date || null, death_date: data.death_date || null };
      return { data: await send<any>('PUT', '/settings/memorial/', body) };
    },
    setPortrait(photo, crop) {
      const form = new FormData();
      form.append('crop_x', String(crop.x));
      form.append('crop_y', String(crop.y));
      form.append('crop_width', String(crop.width));
      form.append('crop_height', String(crop.height));
      form.append('portrait', photo);
      return send<MemorialSettings>('PUT', '/settings/memorial/portrait/', form);
    },
    removePortrait: () => send<MemorialSettings>('DELETE', '/settings/memorial/portrait/'),
  };
  /* eslint-enable @typescript-eslint/no-explicit-any */
}
