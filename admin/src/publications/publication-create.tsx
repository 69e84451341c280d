import { useNavigate } from 'react-router-dom';
import { CreationWizard } from '../wizard/creation-wizard.js';
import { PublicationList } from './publication-list.js';
import { useRefreshCatalog } from './use-publication-actions.js';

/**
 * The publications resource's create view: the creation wizard (SPEC section 2), a dialog over the
 * dashboard, at /admin/publications/create. Closing it, however it ends, shows the dashboard with
 * whatever it created.
 */
export function PublicationCreate() {
  const navigate = useNavigate();
  const refresh = useRefreshCatalog();
  const close = () => {
    void refresh();
    navigate('/admin');
  };
  return (
    <>
      <PublicationList />
      <CreationWizard open onClose={close} onComplete={close} />
    </>
  );
}
