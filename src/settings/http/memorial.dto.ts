import { ApiProperty } from '@nestjs/swagger';
import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { MEMORIAL_LIMITS as LIMITS, type UpdateMemorialRequest } from '../../../contracts/settings.js';
import { PlainText, TEXT_RULE, VisibleText } from '../../common/text-rules.js';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Every field of the memorial, as the admin's settings screen sends it (unknown fields are dropped). */
export class UpdateMemorialDto implements UpdateMemorialRequest {
  @ApiProperty({ maxLength: LIMITS.site_name, description: `Needs a visible character. ${TEXT_RULE}` })
  @IsString({ message: 'site_name must be a string' })
  @VisibleText('site_name is required')
  @PlainText('site_name')
  @MaxLength(LIMITS.site_name)
  site_name: string;

  @ApiProperty({ maxLength: LIMITS.poet_name, description: `Needs a visible character. ${TEXT_RULE}` })
  @IsString({ message: 'poet_name must be a string' })
  @VisibleText('poet_name is required')
  @PlainText('poet_name')
  @MaxLength(LIMITS.poet_name)
  poet_name: string;

  @ApiProperty({ nullable: true, example: '1931-03-03', description: 'YYYY-MM-DD, or null when unknown' })
  @IsOptional()
  @IsString({ message: 'birth_date must be a date written YYYY-MM-DD' })
  @Matches(DATE, { message: 'birth_date must be a date written YYYY-MM-DD, such as 1931-03-03' })
  birth_date: string | null;

  @ApiProperty({ nullable: true, example: '2019-06-09', description: 'YYYY-MM-DD, or null when unknown' })
  @IsOptional()
  @IsString({ message: 'death_date must be a date written YYYY-MM-DD' })
  @Matches(DATE, { message: 'death_date must be a date written YYYY-MM-DD, such as 2019-06-09' })
  death_date: string | null;

  @ApiProperty({ maxLength: LIMITS.poet_title, description: TEXT_RULE })
  @IsString({ message: 'poet_title must be a string' })
  @PlainText('poet_title')
  @MaxLength(LIMITS.poet_title)
  poet_title: string;

  @ApiProperty({
    maxLength: LIMITS.biography,
    description: `Markdown: paragraphs, *emphasis*, **bold**, [links](https://…), lists. HTML is refused (400). ${TEXT_RULE}`,
  })
  @IsString({ message: 'biography must be a string' })
  @PlainText('biography')
  @MaxLength(LIMITS.biography)
  biography: string;

  @ApiProperty({ maxLength: LIMITS.hero_text, description: TEXT_RULE })
  @IsString({ message: 'hero_text must be a string' })
  @PlainText('hero_text')
  @MaxLength(LIMITS.hero_text)
  hero_text: string;

  @ApiProperty({ maxLength: LIMITS.footer_credit, description: TEXT_RULE })
  @IsString({ message: 'footer_credit must be a string' })
  @PlainText('footer_credit')
  @MaxLength(LIMITS.footer_credit)
  footer_credit: string;
}
