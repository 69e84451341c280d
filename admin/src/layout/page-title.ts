import { useEffect } from 'react';
import { useTranslate } from 'react-admin';

/** The browser tab's title for a screen (react-admin's own title goes in an app bar we do not show). */
export function usePageTitle(page: string | undefined): void {
  const translate = useTranslate();
  useEffect(() => {
    if (page) document.title = translate('archive.app.document_title', { page });
  }, [page, translate]);
}
