import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { MemorialStore, SettingsTransaction } from '../application/ports/memorial-store.port.js';
import type { Memorial, MemorialText, Portrait } from '../domain/memorial.js';

interface Row {
  site_name: string;
  poet_name: string;
  birth_date: string | null;
  death_date: string | null;
  poet_title: string;
  biography: string;
  hero_text: string;
  footer_credit: string;
  portrait_key: string | null;
  portrait_width: number | null;
  portrait_height: number | null;
  updated_at: string | Date | null;
}

const COLUMNS = `site_name, poet_name, birth_date, death_date, poet_title, biography, hero_text, footer_credit,
  portrait_key, portrait_width, portrait_height, updated_at`;

function portraitOf(row: Row): Portrait | null {
  return row.portrait_key ? { key: row.portrait_key, width: Number(row.portrait_width), height: Number(row.portrait_height) } : null;
}

function memorialOf(row: Row): Memorial {
  return {
    siteName: row.site_name,
    poetName: row.poet_name,
    birthDate: row.birth_date,
    deathDate: row.death_date,
    poetTitle: row.poet_title,
    biography: row.biography,
    heroText: row.hero_text,
    footerCredit: row.footer_credit,
    portrait: portraitOf(row),
    updatedAt: row.updated_at === null ? null : new Date(row.updated_at),
  };
}

/** TypeORM answers an UPDATE … RETURNING as [rows, count]. */
function returned(result: unknown): Row {
  const rows = (Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result) as Row[];
  if (!rows[0]) throw new Error('The memorial settings row is missing');
  return rows[0];
}

/** The memorial settings in their one-row table (memorial_settings). */
@Injectable()
export class SqlMemorialStore implements MemorialStore {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async read(): Promise<Memorial | null> {
    const rows: Row[] = await this.db.query(`SELECT ${COLUMNS} FROM memorial_settings WHERE id = 1`);
    return rows[0] ? memorialOf(rows[0]) : null;
  }

  async createIfMissing(m: Memorial): Promise<void> {
    await this.db.query(
      `INSERT INTO memorial_settings (id, site_name, poet_name, birth_date, death_date, poet_title, biography, hero_text, footer_credit)
       VALUES (1, $1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (id) DO NOTHING`,
      [m.siteName, m.poetName, m.birthDate, m.deathDate, m.poetTitle, m.biography, m.heroText, m.footerCredit],
    );
  }

  saveText(t: MemorialText, curatorId: number | null, inside: (tx: SettingsTransaction) => Promise<void>): Promise<Memorial> {
    return this.db.transaction(async (tx) => {
      const row = returned(
        await tx.query(
          `UPDATE memorial_settings SET site_name = $1, poet_name = $2, birth_date = $3, death_date = $4, poet_title = $5,
             biography = $6, hero_text = $7, footer_credit = $8, updated_at = clock_timestamp(), updated_by = $9
           WHERE id = 1 RETURNING ${COLUMNS}`,
          [t.siteName, t.poetName, t.birthDate, t.deathDate, t.poetTitle, t.biography, t.heroText, t.footerCredit, curatorId],
        ),
      );
      await inside(tx);
      return memorialOf(row);
    });
  }

  savePortrait(
    portrait: Portrait | null,
    curatorId: number | null,
    inside: (tx: SettingsTransaction) => Promise<void>,
  ): Promise<{ saved: Memorial; replaced: Portrait | null }> {
    return this.db.transaction(async (tx) => {
      const [before]: Row[] = await tx.query(`SELECT ${COLUMNS} FROM memorial_settings WHERE id = 1 FOR UPDATE`);
      const row = returned(
        await tx.query(
          `UPDATE memorial_settings SET portrait_key = $1, portrait_width = $2, portrait_height = $3,
             updated_at = clock_timestamp(), updated_by = $4
           WHERE id = 1 RETURNING ${COLUMNS}`,
          [portrait?.key ?? null, portrait?.width ?? null, portrait?.height ?? null, curatorId],
        ),
      );
      await inside(tx);
      return { saved: memorialOf(row), replaced: before ? portraitOf(before) : null };
    });
  }
}
