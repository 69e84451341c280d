import { ValidateBy } from 'class-validator';
import { canonicalLanguage } from '../../../contracts/language.js';

/**
 * A well-formed BCP 47 tag (Intl.getCanonicalLocales takes it); the 400 names the field. With
 * `orBooks`, '' is taken too: a poem's "the book's language" (null is taken by IsOptional).
 */
export function IsLanguageTag(options: { orBooks?: boolean } = {}): PropertyDecorator {
  return ValidateBy({
    name: 'isLanguageTag',
    validator: {
      validate: (value) => (options.orBooks === true && value === '') || canonicalLanguage(value) !== undefined,
      defaultMessage: () =>
        options.orBooks
          ? "language must be a BCP 47 language tag, e.g. en, de or pt-BR, or null for the book's language"
          : 'language must be a BCP 47 language tag, e.g. en, de or pt-BR',
    },
  });
}
