import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { PublicSiteSettings } from '../../../contracts/reader-page.js';
import type { MemorialSettings, PortraitCrop } from '../../../contracts/settings.js';
import { CATALOG_CHANGE_NOTICES, type CatalogChangeNotices } from '../../catalog/index.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { CONTENT_CHANGES, type ContentChanges } from '../../delivery/index.js';
import { FILE_STORE, type FileStore } from '../../media/index.js';
import {
  checkLifeDates,
  portraitFileName,
  portraitKey,
  SettingsError,
  type Memorial,
  type MemorialText,
  type Portrait,
} from '../domain/memorial.js';
import { memorialFromFile, portraitUrl, publicSiteSettings, type SiteFileExtras } from './site-settings.js';
import { checkBiography } from './biography.js';
import { MEMORIAL_STORE, type MemorialStore } from './ports/memorial-store.port.js';
import { PORTRAIT_IMAGES, type PortraitImages } from './ports/portrait-images.port.js';
import { SETTINGS_FILE, type SettingsFile } from './ports/settings-file.port.js';

/** The memorial as the admin edits it. */
export function toMemorialSettings(memorial: Memorial): MemorialSettings {
  return {
    id: 'memorial',
    site_name: memorial.siteName,
    poet_name: memorial.poetName,
    birth_date: memorial.birthDate,
    death_date: memorial.deathDate,
    poet_title: memorial.poetTitle,
    biography: memorial.biography,
    hero_text: memorial.heroText,
    footer_credit: memorial.footerCredit,
    portrait_url: portraitUrl(memorial),
    updated_at: (memorial.updatedAt ?? new Date(0)).toISOString(),
  };
}

/**
 * The memorial settings: kept in the database, edited by the curators, shown by every page.
 *
 * `current` is the one settings object every page renderer and search holds (SITE_SETTINGS): it is
 * updated in place when the memorial changes, here or on another API process, so a page rendered
 * after a save shows it without a restart. A save is announced like a catalog change (everything
 * changed), which drops every cached page on every process; a process that hears of it reads the
 * settings again, and drops its cache once more if they changed, since a page may have been
 * rendered with the old ones in between.
 */
@Injectable()
export class MemorialSettingsService implements OnModuleInit {
  private readonly logger = new Logger('MemorialSettings');
  private readonly extras: SiteFileExtras;
  private readonly defaults: Memorial;
  private memorial: Memorial;
  private reloading: Promise<void> = Promise.resolve();
  readonly current: PublicSiteSettings;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(MEMORIAL_STORE) private readonly store: MemorialStore,
    @Inject(PORTRAIT_IMAGES) private readonly images: PortraitImages,
    @Inject(FILE_STORE) private readonly photos: FileStore,
    @Inject(CATALOG_CHANGE_NOTICES) private readonly notices: CatalogChangeNotices,
    @Inject(CONTENT_CHANGES) private readonly changes: ContentChanges,
    @Inject(SETTINGS_FILE) file: SettingsFile,
  ) {
    // The file's settings are the first start's defaults; a bad file stops the start with its message.
    const { memorial, extras } = memorialFromFile(file.read());
    this.defaults = memorial;
    this.memorial = memorial;
    this.extras = extras;
    this.current = publicSiteSettings(memorial, extras, config);
  }

  async onModuleInit(): Promise<void> {
    await this.store.createIfMissing(this.defaults);
    this.apply((await this.store.read()) ?? this.defaults);
    this.changes.onChange((change) => {
      if (change === 'everything') this.reloading = this.reloading.then(() => this.reload());
    });
  }

  private async reload(): Promise<void> {
    try {
      const stored = await this.store.read();
      // Compared whole: a restored backup may bring other settings with the same time.
      if (stored && JSON.stringify(stored) !== JSON.stringify(this.memorial)) {
        this.apply(stored);
        this.notices.changedLocally();
      }
    } catch (err) {
      this.logger.warn(`The memorial settings could not be read again: ${(err as Error).message}`);
    }
  }

  private apply(memorial: Memorial): void {
    this.memorial = memorial;
    Object.assign(this.current, publicSiteSettings(memorial, this.extras, this.config));
    if (!memorial.portrait) delete this.current.portrait;
  }

  async settings(): Promise<MemorialSettings> {
    return toMemorialSettings((await this.store.read()) ?? this.memorial);
  }

  /** Saves the memorial's text (every field); refuses bad dates and a biography with HTML or unsafe links, changing nothing. */
  async update(text: MemorialText, curatorId: number | null): Promise<MemorialSettings> {
    checkLifeDates(text.birthDate, text.deathDate);
    checkBiography(text.biography);
    const saved = await this.store.saveText(text, curatorId, (tx) => this.notices.announce(tx));
    this.saved(saved);
    return toMemorialSettings(saved);
  }

  /** A new portrait from a photo, cropped as the curator chose; the previous one's file goes once the new one is saved. */
  async setPortrait(photo: Buffer, crop: PortraitCrop | null, curatorId: number | null): Promise<MemorialSettings> {
    const image = await this.images.portraitOf(photo, crop);
    const portrait: Portrait = {
      key: portraitKey(createHash('sha256').update(image.data).digest('hex')),
      width: image.width,
      height: image.height,
    };
    await this.photos.put(portrait.key, image.data);
    const { saved, replaced } = await this.store.savePortrait(portrait, curatorId, (tx) => this.notices.announce(tx));
    this.saved(saved);
    if (replaced && replaced.key !== portrait.key) await this.forget(replaced);
    return toMemorialSettings(saved);
  }

  async removePortrait(curatorId: number | null): Promise<MemorialSettings> {
    const { saved, replaced } = await this.store.savePortrait(null, curatorId, (tx) => this.notices.announce(tx));
    this.saved(saved);
    if (replaced) await this.forget(replaced);
    return toMemorialSettings(saved);
  }

  /** The portrait's bytes by the file name its address names; only the current portrait is served. */
  async portrait(fileName: string): Promise<Buffer> {
    const portrait = this.memorial.portrait;
    if (!portrait || portraitFileName(portrait) !== fileName) throw new SettingsError('SETTINGS.PORTRAIT_NOT_FOUND', 'No such portrait.');
    return this.photos.get(portrait.key);
  }

  private saved(memorial: Memorial): void {
    this.apply(memorial);
    this.notices.changedLocally();
  }

  private async forget(portrait: Portrait): Promise<void> {
    await this.photos
      .remove(portrait.key)
      .catch((err: unknown) => this.logger.warn(`The old portrait ${portrait.key} stayed: ${(err as Error).message}`));
  }
}
